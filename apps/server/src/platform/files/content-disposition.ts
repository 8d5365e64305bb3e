import { create } from 'content-disposition';

/**
 * Control characters and the bidirectional overrides and isolates that can make `exe.pdf` read
 * as `fdp.exe`: a download's name never carries them.
 */
const UNSAFE_IN_NAME = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/**
 * The `Content-Disposition` of a download (RFC 6266): the name as UTF-8 in `filename*` (RFC 5987)
 * with an ASCII `filename` fallback for old clients, so any name — 数据.pdf, Müller–report.pdf,
 * emoji — downloads under its own name. Every file, PDF and zip the API sends uses it.
 */
export function attachmentDisposition(fileName: string): string {
  return create(fileName.replace(UNSAFE_IN_NAME, '_') || 'download');
}

/** The same name, for an answer the browser shows itself (a PDF opened in a new window). */
export function inlineDisposition(fileName: string): string {
  return create(fileName.replace(UNSAFE_IN_NAME, '_') || 'download', { type: 'inline' });
}
