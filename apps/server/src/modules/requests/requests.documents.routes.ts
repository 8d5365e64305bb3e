import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  requestDocumentQuerySchema,
  requestDocumentSchema,
  type RequestDocumentKind,
} from '@rrp/domain';
import type { RequestDocumentsService } from './requests.documents';
import { attachmentDisposition } from '../../platform/files/content-disposition';

const DESCRIPTIONS: Record<RequestDocumentKind, string> = {
  approval_notice:
    'The approval notice of an approved or fulfilled request (400 otherwise), as a PDF; `{file, name}` with `to_base64=true`.',
  docs: 'The whole application (PI and project, resources and details, team, usage answers, status history) as a PDF; `{file, name}` with `to_base64=true`.',
};

/** GET request/{id}/approval_notice/ and GET request/{id}/docs/ (researcher §7 "Downloads"). */
export const requestDocumentsRoutes: FastifyPluginAsyncZod<{ documents: RequestDocumentsService }> = async (
  app,
  { documents },
) => {
  for (const kind of ['approval_notice', 'docs'] as const) {
    app.get(
      `/api/request/:id/${kind}/`,
      {
        config: { access: { action: 'read', subject: 'RequestDocument' } },
        schema: {
          tags: ['requests'],
          description: DESCRIPTIONS[kind],
          params: idParamSchema,
          querystring: requestDocumentQuerySchema,
        },
      },
      async (request, reply) => {
        const { name, content } = await documents.document(request.actor!, request.params.id, kind);
        if (request.query.to_base64) {
          // The base64 answer, shaped by the shared schema (the bytes below need no schema).
          return requestDocumentSchema.parse({ file: content.toString('base64'), name });
        }
        return reply
          .type('application/pdf')
          .header('Content-Disposition', attachmentDisposition(name))
          .send(content);
      },
    );
  }
};
