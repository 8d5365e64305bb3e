import type { FileDto, FileListItemDto } from '@rrp/domain';
import type { FileListRow, FileRow } from './files.repo';

/**
 * The types a browser may show in its own window instead of saving: PDFs, through its PDF viewer
 * (decision 335). Anything else, HTML and images above all, is only ever a download, so an upload
 * never runs as a page of the portal's origin.
 */
export function shownInline(contentType: string): boolean {
  return contentType === 'application/pdf';
}

export function presentFile(file: FileRow, permissions: string[]): FileDto {
  return {
    id: file.id,
    name: file.name,
    file_name: file.name,
    file: `/api/file/${file.id}/download/`,
    type: file.type,
    file_type: file.contentType,
    size: file.size,
    creator: file.creatorId,
    project: file.projectId,
    institution: file.institutionId,
    dataset: file.datasetId,
    additional_data: file.additionalData,
    created: file.created.toISOString(),
    permissions,
  };
}

/** A row of GET file/, its creator expanded to a name on request. */
export function presentListItem(
  row: FileListRow,
  permissions: string[],
  expandCreator: boolean,
): FileListItemDto {
  return {
    ...presentFile(row, permissions),
    creator:
      expandCreator && row.creatorId !== null
        ? {
            id: row.creatorId,
            display_name: `${row.creatorFirstName ?? ''} ${row.creatorLastName ?? ''}`.trim(),
          }
        : row.creatorId,
  };
}
