import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const PAGE = { width: 612, height: 792, margin: 56, footer: 32 };
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.75, 0.75, 0.75);
const LABEL_WIDTH = 180;
/**
 * The standard fonts are not embedded, so viewers draw them with their own look-alikes, some of
 * them wider than Helvetica (DejaVu Sans by up to 15%): lines are wrapped to this share of the room.
 */
const FIT = 0.84;

/** Characters the standard fonts cannot draw, mapped to ones they can (WinAnsi). */
const LOOKALIKES: Record<string, string> = {
  μ: 'µ',
  '≤': '<=',
  '≥': '>=',
  '→': '->',
  '✓': 'x',
  '\t': ' ',
};

/**
 * A small page writer over pdf-lib for the request documents: headings, label/value rows,
 * paragraphs and simple tables, wrapped to the page width with page breaks, and a footer with
 * the document's name and "Page n of m" on every page.
 */
export class PdfWriter {
  private page: PDFPage;
  private y: number;
  private readonly width = PAGE.width - 2 * PAGE.margin;
  private readonly charset: Set<number>;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.charset = new Set(font.getCharacterSet());
    this.page = this.newPage();
    this.y = PAGE.height - PAGE.margin;
  }

  static async create(meta: { title: string; subject: string; producer: string; footer: string }) {
    const pdf = await PDFDocument.create();
    pdf.setTitle(meta.title);
    pdf.setSubject(meta.subject);
    pdf.setProducer(meta.producer);
    pdf.setCreator(meta.producer);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    return new PdfWriter(pdf, font, bold, meta.footer);
  }

  /** Text the standard fonts can draw: look-alikes for a few symbols, '?' for the rest. */
  clean(text: string): string {
    let out = '';
    for (const char of text.normalize('NFC')) {
      const code = char.codePointAt(0)!;
      if (this.charset.has(code)) out += char;
      else if (LOOKALIKES[char] !== undefined) out += LOOKALIKES[char];
      else out += '?';
    }
    return out;
  }

  /** Lines of at most `width` points; long words are broken. */
  private wrap(text: string, font: PDFFont, size: number, room: number): string[] {
    const width = room * FIT;
    const lines: string[] = [];
    for (const paragraph of this.clean(text).split(/\r?\n/)) {
      let line = '';
      for (const raw of paragraph.split(/ +/)) {
        let word = raw;
        while (font.widthOfTextAtSize(word, size) > width && word.length > 1) {
          // A word wider than the column (a URL, an id list) is split where it overflows.
          let cut = word.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > width) cut -= 1;
          if (line) lines.push(line);
          lines.push(word.slice(0, cut));
          line = '';
          word = word.slice(cut);
        }
        const candidate = line ? `${line} ${word}` : word;
        if (line && font.widthOfTextAtSize(candidate, size) > width) {
          lines.push(line);
          line = word;
        } else {
          line = candidate;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  private newPage(): PDFPage {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    return this.page;
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  private ensure(height: number) {
    if (this.y - height < PAGE.margin + PAGE.footer) this.newPage();
  }

  private draw(text: string, x: number, size: number, font: PDFFont, color = INK) {
    this.page.drawText(text, { x, y: this.y, size, font, color });
  }

  space(points: number) {
    this.y -= points;
  }

  title(text: string, subtitle?: string) {
    for (const line of this.wrap(text, this.bold, 20, this.width)) {
      this.ensure(26);
      this.draw(line, PAGE.margin, 20, this.bold);
      this.y -= 26;
    }
    if (subtitle) this.paragraph(subtitle, { color: MUTED });
    this.space(6);
  }

  heading(text: string) {
    this.space(10);
    this.ensure(40);
    this.draw(this.clean(text), PAGE.margin, 13, this.bold);
    this.y -= 6;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= 16;
  }

  subheading(text: string) {
    this.space(4);
    this.ensure(30);
    this.draw(this.clean(text), PAGE.margin, 11, this.bold);
    this.y -= 16;
  }

  paragraph(text: string, options: { size?: number; color?: ReturnType<typeof rgb> } = {}) {
    const size = options.size ?? 10;
    for (const line of this.wrap(text, this.font, size, this.width)) {
      this.ensure(size * 1.45);
      this.draw(line, PAGE.margin, size, this.font, options.color ?? INK);
      this.y -= size * 1.45;
    }
    this.space(4);
  }

  /** A label in bold on the left, its value wrapped on the right ('—' when empty). */
  field(label: string, value: string | number | null | undefined) {
    const size = 10;
    const text = value === null || value === undefined || value === '' ? '—' : String(value);
    const labels = this.wrap(label, this.bold, size, LABEL_WIDTH - 10);
    const values = this.wrap(text, this.font, size, this.width - LABEL_WIDTH);
    const rows = Math.max(labels.length, values.length);
    // A short field stays on one page; a long answer flows on to the next.
    this.ensure(Math.min(rows, 8) * size * 1.45);
    for (let index = 0; index < rows; index += 1) {
      this.ensure(size * 1.45);
      if (labels[index]) this.draw(labels[index]!, PAGE.margin, size, this.bold);
      if (values[index]) this.draw(values[index]!, PAGE.margin + LABEL_WIDTH, size, this.font);
      this.y -= size * 1.45;
    }
    this.space(3);
  }

  /** A table with a bold header row; column widths are shares of the page width. */
  table(columns: readonly { label: string; share: number }[], rows: readonly (readonly string[])[]) {
    const size = 9;
    const total = columns.reduce((sum, column) => sum + column.share, 0);
    const widths = columns.map((column) => (column.share / total) * this.width);
    const xs = widths.map((_, index) => PAGE.margin + widths.slice(0, index).reduce((a, b) => a + b, 0));
    const drawRow = (cells: readonly string[], font: PDFFont) => {
      const wrapped = cells.map((cell, index) => this.wrap(cell || '—', font, size, widths[index]! - 6));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * size * 1.4;
      this.ensure(height + 4);
      const top = this.y;
      wrapped.forEach((lines, index) => {
        this.y = top;
        for (const line of lines) {
          this.draw(line, xs[index]!, size, font);
          this.y -= size * 1.4;
        }
      });
      this.y = top - height;
      this.page.drawLine({
        start: { x: PAGE.margin, y: this.y + size * 0.6 },
        end: { x: PAGE.width - PAGE.margin, y: this.y + size * 0.6 },
        thickness: 0.4,
        color: RULE,
      });
      this.y -= 3;
    };
    drawRow(
      columns.map((column) => column.label),
      this.bold,
    );
    for (const row of rows) drawRow(row, this.font);
    this.space(6);
  }

  /** The document, with "name · Page n of m" at the foot of every page. */
  async save(): Promise<Buffer> {
    const pages = this.pdf.getPages();
    pages.forEach((page, index) => {
      const text = this.clean(`${this.footer} · Page ${index + 1} of ${pages.length}`);
      page.drawText(text, { x: PAGE.margin, y: PAGE.margin - 20, size: 8, font: this.font, color: MUTED });
    });
    return Buffer.from(await this.pdf.save());
  }
}
