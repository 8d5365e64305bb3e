import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

/** The decoded content streams of a page (a page's Contents is one stream or an array of them). */
function pageStreams(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  if (contents instanceof PDFRawStream) return [contents];
  if (contents instanceof PDFArray) {
    return contents
      .asArray()
      .map((ref) => page.doc.context.lookup(ref))
      .filter((object): object is PDFRawStream => object instanceof PDFRawStream);
  }
  return [];
}

/** WinAnsi bytes 0x80-0x9F that differ from Latin-1 (the standard fonts' encoding). */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};
const winAnsi = (bytes: Buffer) =>
  [...bytes].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');

/** The strings a content stream shows (`<hex> Tj` and `(text) Tj`), in drawing order. */
function shownStrings(content: string): string[] {
  const strings: string[] = [];
  for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
    if (match[1] !== undefined) strings.push(winAnsi(Buffer.from(match[1], 'hex')));
    else strings.push(match[2]!.replace(/\\(.)/g, '$1'));
  }
  return strings;
}

/**
 * A PDF read back with pdf-lib: its page count, metadata and the text of each page (one line per
 * drawn string). Tests check the text drawn by the standard fonts, which encode WinAnsi bytes.
 */
export async function readPdf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const pages = pdf.getPages().map((page) =>
    pageStreams(page)
      .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
      .flatMap(shownStrings)
      .join('\n'),
  );
  return { pdf, pageCount: pdf.getPageCount(), title: pdf.getTitle(), pages, text: pages.join('\n') };
}
