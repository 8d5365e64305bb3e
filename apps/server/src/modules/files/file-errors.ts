import { FILE_MESSAGES, LIMITS } from '@rrp/domain';
import { AppError } from '../../platform/http/errors';

/** 412, with the spec's message, for an upload the scanner flags (foundation §8). */
export class VirusFoundError extends AppError {
  constructor(fileName: string) {
    super(LIMITS.virusScanFailedStatus, FILE_MESSAGES.virusFound(fileName));
  }
}

/** 413 for an upload over the size limit (decision 026). */
export class FileTooLargeError extends AppError {
  constructor(fileName: string, limitBytes: number) {
    super(413, FILE_MESSAGES.tooLarge(fileName, limitBytes));
  }
}
