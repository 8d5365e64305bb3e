import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { DbOrTx } from '../../platform/db/database';
import type { FilesService } from '../files/files.service';
import { insertDonorDocument } from './donors.repo';

/** The file type of donor documents; no file policy: they are read through abn_donor/ only. */
const DONOR_DOCUMENT_FILE_TYPE = 'abn_donor_document';

interface NewDonorDocument {
  donorId: number;
  docType: string;
  docTypeV: string;
  name: string;
  content: Buffer;
  contentType: string;
}

export type StoreDonorDocument = (tx: DbOrTx, document: NewDonorDocument) => Promise<void>;

/** Stores a donor document's bytes (scanned, as every file) and lists it on the donor. */
export function donorDocumentStore(files: Pick<FilesService, 'store'>): StoreDonorDocument {
  return async (tx, document) => {
    const file = await files.store(
      tx,
      {
        name: document.name,
        content: document.content,
        contentType: document.contentType,
        type: DONOR_DOCUMENT_FILE_TYPE,
      },
      null,
    );
    await insertDonorDocument(tx, {
      donorId: document.donorId,
      docType: document.docType,
      docTypeV: document.docTypeV,
      fileId: file.id,
    });
  };
}

/** A one-page report, for the demo donors' documents. */
export async function renderDonorReport(title: string, lines: readonly string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  page.drawText(title, { x: 64, y: 720, size: 16, font: bold });
  lines.forEach((line, index) => page.drawText(line, { x: 64, y: 688 - index * 18, size: 11, font }));
  return Buffer.from(await pdf.save());
}
