import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { IrbData } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import type { FilesService } from '../files/files.service';
import * as repo from './projects.repo';
import { IRB_FILE_TYPE } from './projects.service';

/** A one-page IRB approval letter for demo projects. */
async function renderDemoIrbLetter(title: string, data: IrbData): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`IRB letter — ${title}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  const lines = [
    'Institutional Review Board — Demo University',
    '',
    `Protocol: ${title}`,
    `Determination: ${data.designation === 1 ? 'Approved' : 'Exempt'}`,
    `Approval date: ${data.approval_date}`,
    ...(data.renewal_date ? [`Renewal date: ${data.renewal_date}`] : []),
    ...(data.assurance_number ? [`Assurance number: ${data.assurance_number}`] : []),
    '',
    'This letter was generated for the demo installation of the portal.',
  ];
  lines.forEach((line, index) => page.drawText(line, { x: 64, y: 720 - index * 20, size: 12, font }));
  return Buffer.from(await pdf.save());
}

/**
 * Stores an IRB letter for a demo project and makes it the project's latest IRB, as an upload
 * through POST file/ would (the demo seed uses it; tests use the API).
 */
export function demoIrb(files: FilesService) {
  return async (tx: DbOrTx, input: { projectId: number; ownerId: number; title: string; irb: IrbData }) => {
    const file = await files.store(
      tx,
      {
        name: 'IRB approval letter.pdf',
        content: await renderDemoIrbLetter(input.title, input.irb),
        contentType: 'application/pdf',
        type: IRB_FILE_TYPE,
        projectId: input.projectId,
        additionalData: { ...input.irb },
      },
      { userId: input.ownerId },
    );
    await repo.updateProject(tx, input.projectId, { latestIrbId: file.id });
    return file;
  };
}
