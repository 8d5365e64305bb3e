/**
 * Content sniffing for uploads: neither the file name nor the client's MIME type is trusted
 * for the kinds the portal checks (PDF, zip).
 */

/** A PDF starts with `%PDF-` (readers accept it within the first kilobyte, after junk bytes). */
export function isPdf(content: Buffer | Uint8Array): boolean {
  const head = Buffer.from(content.buffer, content.byteOffset, Math.min(content.length, 1024));
  return head.indexOf('%PDF-', 0, 'latin1') !== -1;
}

/** A zip archive starts with a local file header (or, when empty, the end-of-directory record). */
export function isZip(content: Buffer | Uint8Array): boolean {
  const head = Buffer.from(content.buffer, content.byteOffset, Math.min(content.length, 4));
  return (
    head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) || head.equals(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  );
}

const PDF = 'application/pdf';
const ZIP = 'application/zip';
const OCTET = 'application/octet-stream';
/** Types a browser could run or render as a page: stored as plain bytes instead. */
const ACTIVE = /^(text\/html|text\/xml|application\/xml|[a-z]+\/[a-z.-]*(javascript|ecmascript))$|\+xml$/;
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * The content type to store for an upload: PDF and zip only when the bytes are one (whatever
 * the client or the name claimed); a claim of PDF or zip the bytes do not back becomes
 * `application/octet-stream`, and so does active content (HTML, SVG, scripts); any other
 * well-formed type the client sent is kept.
 */
export function sniffContentType(content: Buffer | Uint8Array, claimed: string | undefined): string {
  if (isPdf(content)) return PDF;
  if (isZip(content)) return ZIP;
  const type = (claimed ?? '').split(';')[0]!.trim().toLowerCase();
  const claimsChecked = type === PDF || type === ZIP || type === 'application/x-zip-compressed';
  if (!MIME.test(type) || claimsChecked || ACTIVE.test(type)) return OCTET;
  return type;
}
