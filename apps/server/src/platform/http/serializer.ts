import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson, { type Schema as FastJsonSchema } from 'fast-json-stringify';
import { z } from 'zod';
import { JsonText } from './json-text';
import { fastJsonSchemaOf } from './fast-json-schema';

/**
 * How answers are checked on the way out (`RESPONSE_VALIDATION`): `strict` in the test suites,
 * where every answer must already be exactly what its route's response schema describes; `off`
 * in production, where answers are written without zod (issue 32).
 */
export type ResponseValidation = 'strict' | 'off';

type WriteJson = (data: unknown) => string;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A schema's answers written by fast-json-stringify where it writes them as `JSON.stringify`
 * would (`fastJsonSchemaOf`), else by `JSON.stringify`.
 */
export function compileWriter(schema: z.ZodType): { write: WriteJson; compiled: boolean } {
  const jsonSchema = fastJsonSchemaOf(schema);
  if (jsonSchema) {
    try {
      return { write: fastJson(jsonSchema as unknown as FastJsonSchema), compiled: true };
    } catch {
      // A schema it refuses to build is written by JSON.stringify, like one it cannot write faithfully.
    }
  }
  return { write: (data) => JSON.stringify(data), compiled: false };
}

/** Many routes share a schema (the error envelopes, list items): each is compiled once. */
const writers = new WeakMap<z.ZodType, WriteJson>();
function writerOf(schema: z.ZodType): WriteJson {
  let write = writers.get(schema);
  if (!write) {
    write = compileWriter(schema).write;
    writers.set(schema, write);
  }
  return write;
}

/** An answer that is not what its route declares; in strict mode, a 500 and a line on stderr. */
export class ResponseMismatchError extends Error {
  override name = 'ResponseMismatchError';
}

const pathText = (path: readonly PropertyKey[]) => (path.length ? path.map(String).join('.') : '(the body)');

/** Where two JSON values first differ, or null when they are equal. */
function differenceAt(expected: unknown, actual: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (isDeepStrictEqual(expected, actual)) return null;
  if (isObject(expected) && isObject(actual)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const at = differenceAt(expected[key], actual[key], [...path, key]);
      if (at) return at;
    }
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    for (const [index, item] of expected.entries()) {
      const at = differenceAt(item, actual[index], [...path, index]);
      if (at) return at;
    }
  }
  return path;
}

/** What a value is on the wire: JSON drops undefined keys and writes a Date as its ISO text. */
const asSent = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/**
 * The strict check of one answer: the schema accepts it, encoding it changes nothing (no key the
 * schema would strip, no transform), and the production writer writes it back unchanged.
 */
function strictWriter(route: string, schema: z.ZodType): WriteBody {
  // Compiled on the first answer: a test file calls few of the routes it starts.
  let write: WriteJson | undefined;
  const refuse = (problem: string): never => {
    const error = new ResponseMismatchError(`${route} answered ${problem}`);
    console.error(error.message);
    throw error;
  };
  return (data) => {
    let value = data;
    if (data instanceof JsonText) {
      try {
        value = JSON.parse(data.text);
      } catch (error) {
        refuse(`JSON text that does not parse: ${(error as Error).message}`);
      }
    }
    const encoded = z.safeEncode(schema, value);
    if (!encoded.success) {
      const issue = encoded.error.issues[0]!;
      refuse(`a body its schema refuses at ${pathText(issue.path)}: ${issue.message}`);
    }
    const sent = asSent(value);
    const stripped = differenceAt(asSent(encoded.data), sent);
    if (stripped) refuse(`a body its schema would change at ${pathText(stripped)} (an undeclared key?)`);
    if (data instanceof JsonText) return data.body();
    write ??= writerOf(schema);
    let text = '';
    try {
      text = write(value);
    } catch (error) {
      refuse(`a body the production serializer cannot write: ${(error as Error).message}`);
    }
    const rewritten = differenceAt(sent, JSON.parse(text));
    if (rewritten) refuse(`a body the production serializer writes differently at ${pathText(rewritten)}`);
    return text;
  };
}

/**
 * A route's body as sent: the JSON text, or the bytes of a `JsonText` in pieces. Fastify's types
 * ask a serializer for a string; its reply sends a Buffer as it is (reply.js `onSendEnd`).
 */
type WriteBody = (data: unknown) => string | Buffer;

/**
 * The response serializer of every route with a response schema: its compiled writer, checked
 * against the schema first in strict mode. A `JsonText` answer is sent as the text it is.
 */
export function responseSerializerCompiler(mode: ResponseValidation): FastifySerializerCompiler<z.ZodType> {
  const compile = ({
    schema,
    method,
    url,
    httpStatus,
  }: Parameters<FastifySerializerCompiler<z.ZodType>>[0]) => {
    if (mode === 'strict') return strictWriter(`${method} ${url} (${httpStatus})`, schema);
    const write = writerOf(schema);
    return ((data) => (data instanceof JsonText ? data.body() : write(data))) as WriteBody;
  };
  return compile as FastifySerializerCompiler<z.ZodType>;
}
