import type { RequestCommentDto } from '@rrp/domain';
import type { CommentRow } from './request-staff.repo';

/** A person's name as the staff panel shows it: first and last name, else the e-mail address. */
export const fullName = (person: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}) => `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim() || person.email || '';

export function presentComment(row: CommentRow): RequestCommentDto {
  return {
    id: row.id,
    request: row.requestId,
    text: row.text,
    author:
      row.authorId === null
        ? null
        : {
            id: row.authorId,
            display_name: fullName({
              firstName: row.authorFirstName,
              lastName: row.authorLastName,
              email: row.authorEmail,
            }),
          },
    created: row.created.toISOString(),
  };
}
