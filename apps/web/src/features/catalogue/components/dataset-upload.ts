import { FILE_MESSAGES } from '@rrp/domain';
import { ApiError } from '@/lib/api-client';
import { uploadDatasetFile, type DatasetFileKind } from '../api/catalogue';
import { serverFieldErrors } from '../rules';

/** The message of an upload that failed: the virus scan's own words for a 412 (foundation §8). */
function uploadError(error: unknown, file: File): string {
  if (error instanceof ApiError) {
    if (error.status === 412) return FILE_MESSAGES.virusFound(file.name);
    const fields = serverFieldErrors(error.body);
    return fields.file ?? fields.non_field_errors ?? Object.values(fields)[0] ?? error.summary;
  }
  return error instanceof Error ? error.message : FILE_MESSAGES.uploadFailed;
}

export class UploadFailed extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const FIELD_OF_KIND: Record<DatasetFileKind, string> = {
  dataFile: 'data_file',
  dataDictionary: 'public_data_dictionary',
  releaseNotes: 'public_release_notes',
};

/** Uploads one of a dataset's files; a failure names the form field it belongs to. */
export async function upload(kind: DatasetFileKind, file: File, datasetId: number | null) {
  try {
    return await uploadDatasetFile(kind, file, datasetId);
  } catch (error) {
    throw new UploadFailed(FIELD_OF_KIND[kind], uploadError(error, file));
  }
}
