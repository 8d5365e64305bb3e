/**
 * Content sniffing for uploads: neither the file name nor the client's MIME type is trusted.
 * A PDF starts with `%PDF-` (readers accept it within the first kilobyte, after junk bytes).
 */
export function isPdf(content: Buffer | Uint8Array): boolean {
  const head = Buffer.from(content.buffer, content.byteOffset, Math.min(content.length, 1024));
  return head.indexOf('%PDF-', 0, 'latin1') !== -1;
}
