import { can, CATALOGUE_MESSAGES, type Actor } from '@rrp/domain';
import type { DbOrTx } from '../../platform/db/database';
import { ForbiddenError, ValidationError } from '../../platform/http/errors';
import type { FileTypePolicy } from '../files/files.service';
import * as repo from './catalogue.repo';
import type { CatalogueService } from './catalogue.service';
import type { DatasetFileType } from './dataset-form';

const PDF = 'application/pdf';
const ZIP = 'application/zip';

/** Whether an upload is of the kind its file type takes (by extension and sniffed content). */
export function acceptsContent(type: DatasetFileType, name: string, contentType: string): string | null {
  const lower = name.toLowerCase();
  switch (type) {
    case 'dataset_file':
      return lower.endsWith('.zip') && contentType === ZIP ? null : CATALOGUE_MESSAGES.dataFileZip;
    case 'data_dictionary':
      return (lower.endsWith('.pdf') && contentType === PDF) ||
        (lower.endsWith('.xlsx') && contentType === ZIP)
        ? null
        : CATALOGUE_MESSAGES.dictionaryType;
    case 'release_notes':
      return (lower.endsWith('.pdf') && contentType === PDF) ||
        (lower.endsWith('.docx') && contentType === ZIP) ||
        (/\.(txt|md)$/.test(lower) && contentType !== PDF && contentType !== ZIP)
        ? null
        : CATALOGUE_MESSAGES.releaseNotesType;
  }
}

/**
 * The catalogue's files (staff §5 "Dataset form"): dataset staff upload them, before the
 * dataset exists (then sent by id with the form) or for a dataset (`dataset`), which attaches
 * them to it. The data file is read by dataset staff only (`DatasetInternal`); data
 * dictionaries and release notes by every signed-in user (visitors through the public
 * download of available datasets).
 */
export function datasetFilePolicy(type: DatasetFileType, catalogue: CatalogueService): FileTypePolicy {
  return {
    subject: type === 'dataset_file' ? 'DatasetInternal' : 'Dataset',
    subjectOf: async () => ({}),

    async authorizeCreate(tx: DbOrTx, actor: Actor, input) {
      if (!can(actor, 'create', 'Dataset')) throw new ForbiddenError();
      const refused = acceptsContent(type, input.name, input.contentType);
      if (refused) throw new ValidationError({ file: [refused] });
      if (input.datasetId !== null) {
        const dataset = await repo.lockDataset(tx, input.datasetId);
        if (!dataset) throw new ValidationError({ dataset: [CATALOGUE_MESSAGES.unknownDataset] });
        // Editors change any latest version; those who may only create, the ones they created.
        if (!can(actor, 'update', 'Dataset') && dataset.creatorId !== actor.userId)
          throw new ForbiddenError();
        if (!dataset.isLatest) throw new ValidationError({ dataset: [CATALOGUE_MESSAGES.notLatest] });
      }
      return { additionalData: {} };
    },

    async afterCreate(tx, actor, file) {
      if (file.datasetId === null) return;
      await catalogue.attachFile(tx, actor, file.datasetId, type, file.id);
    },
  };
}
