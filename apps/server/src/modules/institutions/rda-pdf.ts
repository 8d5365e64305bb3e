import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const PAGE = { width: 612, height: 792, margin: 64 };

/** Splits text into lines that fit the page width at the given font size. */
function wrap(
  text: string,
  font: { widthOfTextAtSize(t: string, s: number): number },
  size: number,
  width: number,
) {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The default Researcher Distribution Agreement generated for a new institution: the parties,
 * the terms researchers join, and the two signature blocks (institution and foundation).
 */
export async function renderDefaultRda(input: {
  productName: string;
  institutionName: string;
  officialName: string;
  date: Date;
}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Researcher Distribution Agreement — ${input.institutionName}`);
  pdf.setProducer(input.productName);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;

  const write = (text: string, options: { size?: number; bold?: boolean; gap?: number } = {}) => {
    const size = options.size ?? 11;
    const face = options.bold ? bold : font;
    for (const line of wrap(text, face, size, width)) {
      if (y < PAGE.margin + size) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y, size, font: face, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.4;
    }
    y -= options.gap ?? 8;
  };

  write('Researcher Distribution Agreement', { size: 18, bold: true, gap: 12 });
  write(
    `Between the research foundation operating ${input.productName} and ${input.officialName} ("the Institution").`,
  );
  write(`Prepared on ${input.date.toISOString().slice(0, 10)}.`, { gap: 16 });
  const terms = [
    'Purpose. The foundation makes research resources (data, biospecimens and participant recontact) available to qualified researchers for autism research. This agreement sets the terms under which researchers affiliated with the Institution may receive them.',
    'Joinder. Each researcher affiliated with the Institution who requests resources must review and agree to this agreement (a joinder) before any resource is released to them.',
    'Use. Resources are used only for the research project approved by the foundation, under an IRB approval or exemption, and are not shared with anyone outside the approved research team.',
    'Privacy. Researchers make no attempt to identify or contact any participant except through the foundation’s approved recontact process.',
    'Security. Data are stored and handled with safeguards appropriate to sensitive research data, and destroyed or returned when the approved use ends.',
    'Publication. Publications acknowledge the foundation and the cohorts whose resources were used.',
    'Oversight. The Institution’s signing official verifies affiliated researchers each year and informs the foundation when a researcher leaves the Institution.',
  ];
  terms.forEach((term, index) => write(`${index + 1}. ${term}`));
  y -= 16;
  write('For the Institution', { bold: true, gap: 4 });
  write('Signature: ______________________________    Date: ______________', { gap: 20 });
  write('For the foundation', { bold: true, gap: 4 });
  write('Signature: ______________________________    Date: ______________');
  return Buffer.from(await pdf.save());
}
