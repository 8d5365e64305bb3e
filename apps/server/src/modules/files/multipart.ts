import type { FastifyRequest } from 'fastify';
import { FILE_MESSAGES, LIMITS, NULL_CHARACTER_MESSAGE, nullCharacterPaths } from '@rrp/domain';
import { AppError, ValidationError } from '../../platform/http/errors';
import { FileTooLargeError } from './file-errors';

const MAX_FIELDS = 30;

/** A file part of a multipart call, read into memory within the upload size limit. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  content: Buffer;
}

/**
 * Reads a multipart call: its text fields and at most one file, in the part named `file`,
 * within the upload size limit. Limits and malformed bodies are answered with a message
 * (400, or 413 for a file over the limit), never a 500.
 */
export async function readMultipart(
  request: FastifyRequest,
  maxFileBytes: number,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!request.isMultipart()) throw ValidationError.nonField(FILE_MESSAGES.notMultipart);
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  let current = 'file';
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxFileBytes,
        files: 1,
        fields: MAX_FIELDS,
        parts: MAX_FIELDS + 1,
        fieldSize: LIMITS.files.metadataBytes,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        current = part.filename || 'file';
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new ValidationError({ [part.fieldname]: ['Unknown field.'] });
        }
        file = { filename: part.filename, mimetype: part.mimetype, content: await part.toBuffer() };
      } else {
        if (part.valueTruncated) {
          throw new ValidationError({ [part.fieldname]: ['This field is too long.'] });
        }
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    switch ((error as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new FileTooLargeError(current, maxFileBytes);
      case 'FST_FILES_LIMIT':
        throw new ValidationError({ file: [FILE_MESSAGES.oneFileOnly] });
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw ValidationError.nonField('Too many fields.');
      case 'FST_PROTO_VIOLATION':
        throw ValidationError.nonField('Unknown field.');
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        throw ValidationError.nonField(FILE_MESSAGES.notMultipart);
      default:
        // Anything else here is a body that could not be read (cut off, no boundary, a client
        // that went away): the caller's input or connection, not a server fault.
        request.log.warn({ err: error }, 'multipart body could not be read');
        throw ValidationError.nonField(FILE_MESSAGES.uploadFailed);
    }
  }
  // The input-wide rule the route validator applies to other bodies: no NUL characters.
  const [withNul] = nullCharacterPaths({ ...fields, file: file?.filename ?? '' });
  if (withNul) throw new ValidationError({ [String(withNul[0])]: [NULL_CHARACTER_MESSAGE] });
  return { fields, file };
}
