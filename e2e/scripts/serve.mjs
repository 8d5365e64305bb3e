// Starts what the browser journeys run against: an SMTP sink that keeps every message as a JSON
// file in E2E_MAIL_DIR (so tests can follow e-mailed links), a real offline clamd that flags the
// EICAR test file, and the real server sending mail to the sink and scanning uploads with clamd.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { startClamd } from '../../apps/server/test/clamd.mjs';

const mailDir = process.env.E2E_MAIL_DIR;
if (!mailDir) throw new Error('E2E_MAIL_DIR is required');
mkdirSync(mailDir, { recursive: true });

const clamd = await startClamd();

let count = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address));
        count += 1;
        writeFileSync(
          join(mailDir, `${Date.now()}-${count}.json`),
          JSON.stringify({ to, subject: mail.subject, text: mail.text }),
        );
        callback();
      })
      .catch(callback);
  },
});
sink.listen(0, '127.0.0.1', () => {
  const { port } = sink.server.address();
  // The compiled server itself, not through npm: its exit then means the port and the data
  // directory are free (npm could exit first, leaving the server still shutting down).
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: join(import.meta.dirname, '../../apps/server'),
    stdio: 'inherit',
    env: {
      ...process.env,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CLAMAV_HOST: clamd.host,
      CLAMAV_PORT: String(clamd.port),
    },
  });
  const stop = () => server.kill('SIGTERM');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  server.on('exit', (code) => {
    sink.close();
    clamd.stop().finally(() => process.exit(code ?? 0));
  });
});
