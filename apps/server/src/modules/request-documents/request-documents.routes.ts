import {
  idParamSchema,
  requestDocumentQuerySchema,
  requestDocumentSchema,
  type RequestDocumentKind,
} from '@rrp/domain';
import { attachmentDisposition } from '../../platform/files/content-disposition';
import { allow, route, routes } from '../../platform/http/route';
import type { RequestDocumentsService } from './request-documents.service';

const DESCRIPTIONS: Record<RequestDocumentKind, string> = {
  approval_notice:
    'The approval notice of an approved or fulfilled request (400 otherwise), as a PDF; `{file, name}` with `to_base64=true`.',
  docs: 'The whole application (PI and project, resources and details, team, usage answers, status history) as a PDF; `{file, name}` with `to_base64=true`.',
};

/** GET request/{id}/approval_notice/ and GET request/{id}/docs/ (researcher §7 "Downloads"). */
export const requestDocumentsRoutes = routes<{ documents: RequestDocumentsService }>(
  ['requests'],
  ({ documents }) =>
    (['approval_notice', 'docs'] as const).map((kind) =>
      route({
        method: 'GET',
        url: `/api/request/:id/${kind}/`,
        description: DESCRIPTIONS[kind],
        access: allow('read', 'RequestDocument'),
        params: idParamSchema,
        query: requestDocumentQuerySchema,
        handle: async ({ actor, params, query, reply }) => {
          const { name, content } = await documents.document(actor, params.id, kind);
          if (query.to_base64) {
            // The base64 answer, shaped by the shared schema (the bytes below need no schema).
            return requestDocumentSchema.parse({ file: content.toString('base64'), name });
          }
          return reply
            .type('application/pdf')
            .header('Content-Disposition', attachmentDisposition(name))
            .send(content);
        },
      }),
    ),
);
