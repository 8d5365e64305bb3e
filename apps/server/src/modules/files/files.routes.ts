import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  downloadFilesQuerySchema,
  fileListItemSchema,
  fileSchema,
  idParamSchema,
  listZipQuerySchema,
  listZipResponseSchema,
  updateRdaSchema,
  uploadFileFormSchema,
} from '@rrp/domain';
import { listQuerySchema, toPage } from '../../platform/list';
import { zipFileName } from '../../platform/files/zip';
import { shownInline, type FilesService } from './files.service';
import { fileList } from './files.lists';
import { readMultipart } from './multipart';
import { attachmentDisposition, inlineDisposition } from '../../platform/files/content-disposition';
import { multipartForm } from '../../platform/http/openapi';

const flag = z
  .enum(['true', 'True', 'false', 'False', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === 'True' || value === '1');

/** A PDF shown in the browser: its viewer (an object of the same origin) and nothing else runs. */
const PDF_VIEWER_POLICY =
  "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** The multipart form of POST file/ and PATCH file/{id}/, for the OpenAPI document. */
const multipartBody = {
  description:
    'multipart/form-data: `file` (the bytes) and the text fields name, type, creator, additional_data (JSON), project, institution, dataset.',
};

export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  const tags = ['files'];
  // Only this module reads multipart bodies; the limits are applied per call in readMultipart.
  await app.register(multipart);

  app.get(
    '/api/file/',
    {
      config: { access: { action: 'list', subject: 'File' } },
      schema: {
        tags,
        querystring: listQuerySchema(fileList),
        response: {
          200: z.object({
            count: z.number(),
            next: z.string().nullable(),
            previous: z.string().nullable(),
            results: z.array(fileListItemSchema),
          }),
        },
      },
    },
    async (request) => {
      const { page, count, results } = await files.list(request.actor!, request.query);
      return toPage(request, page, count, results);
    },
  );

  app.post(
    '/api/file/',
    {
      config: {
        access: { action: 'create', subject: 'File' },
        swaggerTransform: multipartForm(uploadFileFormSchema, 'The bytes of the file.'),
      },
      schema: {
        tags,
        summary: 'Upload a file (multipart)',
        description: multipartBody.description,
        response: { 201: fileSchema },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readMultipart(request, files.maxUploadBytes);
      const created = await files.create(request.actor!, fields, file);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/file/download/',
    {
      config: { access: { action: 'read', subject: 'File' } },
      schema: { tags, summary: 'The selected files as one zip', querystring: downloadFilesQuerySchema },
    },
    async (request, reply) => {
      const { selected_files: ids, zip_file_name: requested } = request.query;
      const zip = await files.zip(request.actor!, ids);
      return reply
        .type('application/zip')
        .header('Content-Disposition', attachmentDisposition(zipFileName(requested)))
        .send(zip);
    },
  );

  app.get(
    '/api/file/list_files/',
    {
      config: { access: { action: 'read', subject: 'File' } },
      schema: {
        tags,
        summary: 'The entries of a stored zip',
        querystring: listZipQuerySchema,
        response: { 200: listZipResponseSchema },
      },
    },
    (request) => files.listZip(request.actor!, request.query),
  );

  app.get(
    '/api/file/:id/',
    {
      config: { access: { action: 'read', subject: 'File' } },
      schema: {
        tags,
        params: idParamSchema,
        querystring: z.strictObject({
          base64: flag,
          signed_url: flag,
          // The signed link of a PDF opens in the browser instead of downloading.
          inline: flag,
          expand: z.string().optional(),
        }),
        response: { 200: fileSchema },
      },
    },
    (request) =>
      files.get(request.actor!, request.params.id, {
        base64: request.query.base64,
        signedUrl: request.query.signed_url,
        inline: request.query.inline,
      }),
  );

  app.get(
    '/api/file/:id/download/',
    { config: { access: { action: 'read', subject: 'File' } }, schema: { tags, params: idParamSchema } },
    async (request, reply) => {
      const { file, content } = await files.download(request.actor!, request.params.id);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', attachmentDisposition(file.name))
        .send(content);
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
          disposition: z.enum(['attachment', 'inline']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { key, expires, signature, disposition } = request.query;
      const { file, content } = await files.signedDownload(key, expires, signature);
      if (disposition === 'inline' && shownInline(file.contentType)) {
        // The browser's PDF viewer is an embedded object: the portal's `object-src 'none'` would blank it.
        return reply
          .type(file.contentType)
          .header('Content-Disposition', inlineDisposition(file.name))
          .header('Content-Security-Policy', PDF_VIEWER_POLICY)
          .send(content);
      }
      return reply
        .type(file.contentType)
        .header('Content-Disposition', attachmentDisposition(file.name))
        .send(content);
    },
  );

  app.patch(
    '/api/file/:id/',
    {
      config: { access: { action: 'update', subject: 'File' } },
      schema: {
        tags,
        description:
          'JSON: metadata changes, as the owning module allows; for an RDA the fields of its additional_data (status, signature, signature_date, sf_signature, sf_signature_date, revised_date, comments, name, renewal_date; dates as YYYY-MM-DD or YYYY-MM-DDT12:00:00) inside `additional_data` or beside it. multipart/form-data: `file` (new bytes, scanned), `name`, `additional_data` (JSON text) and the same fields as text.',
        params: idParamSchema,
        // Absent for multipart calls, which are read in the handler. The owning module's policy
        // validates the metadata; the RDA's shape is named here for the OpenAPI document.
        body: z.union([updateRdaSchema, z.record(z.string(), z.unknown())]).nullish(),
        response: { 200: fileSchema },
      },
    },
    async (request) => {
      if (request.isMultipart()) {
        const { fields, file } = await readMultipart(request, files.maxUploadBytes);
        return files.replace(request.actor!, request.params.id, fields, file);
      }
      return files.update(request.actor!, request.params.id, request.body ?? {});
    },
  );
};
