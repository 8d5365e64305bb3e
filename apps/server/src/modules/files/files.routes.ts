import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileSchema, idParamSchema } from '@rrp/domain';
import type { FilesService } from './files.service';

const flag = z
  .enum(['true', 'True', 'false', 'False', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === 'True' || value === '1');

/** Content-Disposition for a download, with characters that could break the header replaced. */
const attachment = (name: string) => `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`;

export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  const tags = ['files'];

  app.get(
    '/api/file/:id/',
    {
      config: { access: { action: 'read', subject: 'File' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: z.strictObject({ base64: flag, signed_url: flag, expand: z.string().optional() }),
        response: { 200: fileSchema },
      },
    },
    (request) =>
      files.get(request.actor!, request.params.id, {
        base64: request.query.base64,
        signedUrl: request.query.signed_url,
      }),
  );

  app.get(
    '/api/file/:id/download/',
    { config: { access: { action: 'read', subject: 'File' } }, schema: { tags, params: idParamSchema } },
    async (request, reply) => {
      const { file, content } = await files.download(request.actor!, request.params.id);
      return reply.type(file.contentType).header('Content-Disposition', attachment(file.name)).send(content);
    },
  );

  app.get(
    '/api/file/signed/',
    {
      // The signature is the credential: the link works without a session until it expires.
      config: { access: 'public' },
      schema: {
        tags,
        querystring: z.strictObject({
          key: z.string().min(1).max(300),
          expires: z.coerce.number().int(),
          signature: z.string().min(1).max(200),
          name: z.string().max(300).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { key, expires, signature } = request.query;
      const { file, content } = await files.signedDownload(key, expires, signature);
      return reply.type(file.contentType).header('Content-Disposition', attachment(file.name)).send(content);
    },
  );

  app.patch(
    '/api/file/:id/',
    {
      config: { access: { action: 'update', subject: 'File' } },
      schema: {
        tags,
        params: idParamSchema,
        body: z.record(z.string(), z.unknown()),
        response: { 200: fileSchema },
      },
    },
    (request) => files.update(request.actor!, request.params.id, request.body),
  );
};
