import { z } from 'zod';
import multipart from '@fastify/multipart';
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
import { allow, route, routes } from '../../platform/http/route';
import { listRoute } from '../../platform/list';
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

export const filesRoutes = routes<{ files: FilesService }>(['files'], async ({ files }, app) => {
  // Only this module reads multipart bodies; the limits are applied per call in readMultipart.
  await app.register(multipart);
  return [
    route({
      method: 'POST',
      url: '/api/file/',
      summary: 'Upload a file (multipart)',
      description:
        'multipart/form-data: `file` (the bytes) and the text fields name, type, creator, additional_data (JSON), project, institution, dataset.',
      access: allow('create', 'File'),
      swaggerTransform: multipartForm(uploadFileFormSchema, 'The bytes of the file.'),
      response: fileSchema,
      status: 201,
      handle: async ({ actor, request }) => {
        const { fields, file } = await readMultipart(request, files.maxUploadBytes);
        return files.create(actor, fields, file);
      },
    }),
    listRoute({
      url: '/api/file/',
      access: allow('list', 'File'),
      list: fileList,
      item: fileListItemSchema,
      load: ({ actor, query }) => files.list(actor, query),
    }),
    route({
      method: 'GET',
      url: '/api/file/download/',
      summary: 'The selected files as one zip',
      access: allow('read', 'File'),
      query: downloadFilesQuerySchema,
      handle: async ({ actor, query, reply }) => {
        const { selected_files: ids, zip_file_name: requested } = query;
        const zip = await files.zip(actor, ids);
        return reply
          .type('application/zip')
          .header('Content-Disposition', attachmentDisposition(zipFileName(requested)))
          .send(zip);
      },
    }),
    route({
      method: 'GET',
      url: '/api/file/list_files/',
      summary: 'The entries of a stored zip',
      access: allow('read', 'File'),
      query: listZipQuerySchema,
      response: listZipResponseSchema,
      handle: ({ actor, query }) => files.listZip(actor, query),
    }),
    route({
      method: 'GET',
      url: '/api/file/:id/',
      access: allow('read', 'File'),
      params: idParamSchema,
      query: z.strictObject({
        base64: flag,
        signed_url: flag,
        // The signed link of a PDF opens in the browser instead of downloading.
        inline: flag,
        expand: z.string().optional(),
      }),
      response: fileSchema,
      version: { table: 'files', history: 'file' },
      handle: ({ actor, params, query }) =>
        files.get(actor, params.id, {
          base64: query.base64,
          signedUrl: query.signed_url,
          inline: query.inline,
        }),
    }),
    route({
      method: 'GET',
      url: '/api/file/:id/download/',
      access: allow('read', 'File'),
      params: idParamSchema,
      handle: async ({ actor, params, reply }) => {
        const { file, content } = await files.download(actor, params.id);
        return reply
          .type(file.contentType)
          .header('Content-Disposition', attachmentDisposition(file.name))
          .send(content);
      },
    }),
    route({
      method: 'GET',
      url: '/api/file/signed/',
      // The signature is the credential: the link works without a session until it expires.
      access: 'public',
      query: z.strictObject({
        key: z.string().min(1).max(300),
        expires: z.coerce.number().int(),
        signature: z.string().min(1).max(200),
        name: z.string().max(300).optional(),
        disposition: z.enum(['attachment', 'inline']).optional(),
      }),
      handle: async ({ query, reply }) => {
        const { key, expires, signature, disposition } = query;
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
    }),
    route({
      method: 'PATCH',
      url: '/api/file/:id/',
      description:
        'JSON: metadata changes, as the owning module allows; for an RDA the fields of its additional_data (status, signature, signature_date, sf_signature, sf_signature_date, revised_date, comments, name, renewal_date; dates as YYYY-MM-DD or YYYY-MM-DDT12:00:00) inside `additional_data` or beside it. multipart/form-data: `file` (new bytes, scanned), `name`, `additional_data` (JSON text) and the same fields as text.',
      access: allow('update', 'File'),
      params: idParamSchema,
      // Absent for multipart calls, which are read in the handler. The owning module's policy
      // validates the metadata; the RDA's shape is named here for the OpenAPI document.
      body: z.union([updateRdaSchema, z.record(z.string(), z.unknown())]).nullish(),
      response: fileSchema,
      version: { table: 'files', history: 'file' },
      handle: async ({ actor, params, body, request }) => {
        if (request.isMultipart()) {
          const { fields, file } = await readMultipart(request, files.maxUploadBytes);
          return files.replace(actor, params.id, fields, file);
        }
        return files.update(actor, params.id, body ?? {});
      },
    }),
  ];
});
