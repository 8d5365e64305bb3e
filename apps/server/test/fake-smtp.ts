import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** The Message-ID header, angle brackets included (a retried e-mail keeps it). */
  messageId: string;
  /** The Reply-To address, when the mail names one. */
  replyTo?: string;
  /** Only on mail that has attachments. */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/**
 * A real SMTP server on loopback that keeps what it receives; `reject` makes it refuse mail.
 * `beforeAccept` runs once a message has fully arrived and before the server answers 250 (a test
 * can kill the sender there, as a crash between sending and recording would).
 */
export async function startFakeSmtp(options: { beforeAccept?: (mail: CapturedMail) => void } = {}): Promise<{
  url: string;
  inbox: CapturedMail[];
  reject: (on: boolean) => void;
  close: () => Promise<void>;
}> {
  const inbox: CapturedMail[] = [];
  let rejecting = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (rejecting) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })),
        );
        return;
      }
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address ?? ''));
          const attachments = mail.attachments.map((attachment) => ({
            filename: attachment.filename ?? '',
            contentType: attachment.contentType,
            content: attachment.content,
          }));
          const captured: CapturedMail = {
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html || null,
            messageId: mail.messageId ?? '',
            ...(mail.replyTo ? { replyTo: mail.replyTo.value[0]?.address ?? '' } : {}),
            ...(attachments.length ? { attachments } : {}),
          };
          inbox.push(captured);
          options.beforeAccept?.(captured);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    reject: (on) => {
      rejecting = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
