import { randomBytes } from 'node:crypto';

/** One file of a multipart body: its name, bytes and the type the client claims. */
export interface MultipartFile {
  name: string;
  content: Buffer;
  type?: string;
  /** The form field carrying it; `file` unless told. */
  field?: string;
}

/** A multipart/form-data body as a browser's FormData sends it: text fields, then the files. */
export function multipartBody(fields: Record<string, string>, ...files: MultipartFile[]) {
  const boundary = `----rrp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = Object.entries(fields).map(([key, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
