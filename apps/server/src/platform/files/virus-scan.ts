import { Socket } from 'node:net';

type ScanResult = { clean: true } | { clean: false; signature: string };

/** The upload scan: ClamAV `clamd` over TCP (zINSTREAM), or no scan when it is not configured. */
export interface VirusScanner {
  readonly configured: boolean;
  scan(content: Buffer): Promise<ScanResult>;
}

export const noVirusScan: VirusScanner = { configured: false, scan: async () => ({ clean: true }) };

/** clamd's INSTREAM: the file in length-prefixed chunks, then a zero length; it answers one line. */
export function clamdScanner(host: string, port: number, timeoutMs = 30_000): VirusScanner {
  return {
    configured: true,
    scan(content) {
      return new Promise<ScanResult>((resolve, reject) => {
        const socket = new Socket();
        let answer = '';
        socket.setTimeout(timeoutMs, () => socket.destroy(new Error('clamd did not answer in time')));
        socket.on('data', (data) => (answer += data.toString('utf8')));
        socket.on('error', reject);
        socket.on('close', () => {
          const line = answer.replace(/\0/g, '').trim();
          if (line.endsWith('OK')) return resolve({ clean: true });
          const found = /:\s*(.+)\s+FOUND$/.exec(line);
          if (found) return resolve({ clean: false, signature: found[1]! });
          reject(new Error(`Unexpected clamd answer: ${line || '(none)'}`));
        });
        socket.connect(port, host, () => {
          socket.write('zINSTREAM\0');
          const chunkSize = 64 * 1024;
          for (let offset = 0; offset < content.length; offset += chunkSize) {
            const chunk = content.subarray(offset, offset + chunkSize);
            const length = Buffer.alloc(4);
            length.writeUInt32BE(chunk.length, 0);
            socket.write(length);
            socket.write(chunk);
          }
          socket.end(Buffer.alloc(4));
        });
      });
    },
  };
}
