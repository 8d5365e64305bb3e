import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { SwaggerTransform } from '@fastify/swagger';
import { z } from 'zod';

/**
 * A route's `config.swaggerTransform` for a multipart upload: the OpenAPI document shows the
 * form's fields (from the zod schema, as input) and a binary `file` part. Documentation only: the
 * route reads the parts itself (a declared `body` would be validated, and a multipart body is
 * not parsed into one), so the service still validates the fields with its own schema.
 */
export function multipartForm(fields: z.ZodObject, fileDescription: string): SwaggerTransform {
  return (document) => {
    const transformed = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
    const schema = z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    delete (schema as { $schema?: string }).$schema;
    delete (schema as { additionalProperties?: unknown }).additionalProperties;
    return {
      url: transformed.url,
      schema: {
        ...transformed.schema,
        consumes: ['multipart/form-data'],
        body: {
          ...schema,
          properties: {
            ...schema.properties,
            file: { type: 'string', format: 'binary', description: fileDescription },
          },
          required: [...(schema.required ?? []), 'file'],
        },
      },
    };
  };
}
