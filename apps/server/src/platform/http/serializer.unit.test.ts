import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonText } from './json-text';
import { fastJsonSchemaOf } from './fast-json-schema';
import { compileWriter, ResponseMismatchError, responseSerializerCompiler } from './serializer';

const summary = z.object({ id: z.number(), name: z.string() });
const item = z.object({
  id: z.number(),
  title: z.string().nullable(),
  owner: z.union([z.number(), summary]),
  cohorts: z.union([z.array(z.number()), z.array(summary)]),
  closed: z.boolean(),
  note: z.string().optional(),
});
const page = z.object({ count: z.number(), next: z.string().nullable(), results: z.array(item) });

const rows = [
  { id: 1, title: 'A "quoted" \u2028 title', owner: 7, cohorts: [1, 2], closed: false },
  {
    id: 2,
    title: null,
    owner: { id: 7, name: 'Ada' },
    cohorts: [{ id: 1, name: 'One' }],
    closed: true,
    note: 'x',
  },
];

function serializerFor(mode: 'strict' | 'off', schema: z.ZodType) {
  return responseSerializerCompiler(mode)({ schema, method: 'GET', url: '/api/thing/', httpStatus: '200' });
}

describe('the production writer', () => {
  it('compiles a schema whose unions differ by JSON type, and writes what JSON.stringify writes', () => {
    const { write, compiled } = compileWriter(page);
    expect(compiled).toBe(true);
    const body = { count: 2, next: null, results: rows };
    expect(JSON.parse(write(body))).toEqual(JSON.parse(JSON.stringify(body)));
  });

  it('falls back to JSON.stringify for unions it would have to validate to choose a branch', () => {
    const either = z.union([
      z.object({ kind: z.literal('a'), a: z.number() }),
      z.object({ kind: z.literal('b') }),
    ]);
    expect(fastJsonSchemaOf(either)).toBeNull();
    expect(compileWriter(either).compiled).toBe(false);
    expect(fastJsonSchemaOf(z.object({ value: z.union([z.number(), z.int()]) }))).toBeNull();
    expect(fastJsonSchemaOf(z.tuple([z.number(), z.string()]))).toBeNull();
  });

  it('writes records and free-form values through their schema, keys as they are', () => {
    const schema = z.object({ averages: z.record(z.string(), z.number().nullable()), data: z.unknown() });
    const { write, compiled } = compileWriter(schema);
    expect(compiled).toBe(true);
    const body = { averages: { 'a key': 1.5, other: null }, data: { nested: [1, 'two', null] } };
    expect(JSON.parse(write(body))).toEqual(body);
  });

  it('drops validation keywords, formats and constants, so it writes the value it is given', () => {
    const schema = z.object({ at: z.iso.datetime(), kind: z.literal('x'), status: z.enum(['a', 'b']) });
    expect(fastJsonSchemaOf(schema)).toEqual({
      type: 'object',
      properties: { at: { type: 'string' }, kind: { type: 'string' }, status: { type: 'string' } },
      required: ['at', 'kind', 'status'],
      additionalProperties: false,
    });
  });
});

describe('strict mode', () => {
  const quietly = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('sends a conforming answer as the production writer writes it', () => {
    const body = { count: 2, next: null, results: rows };
    expect(JSON.parse(serializerFor('strict', page)(body))).toEqual(JSON.parse(JSON.stringify(body)));
  });

  it('refuses a key the schema would strip, naming the route, the status and the path', () => {
    const error = quietly();
    const body = { count: 1, next: null, results: [{ ...rows[0], secret: 'hash' }] };
    expect(() => serializerFor('strict', page)(body)).toThrow(ResponseMismatchError);
    expect(() => serializerFor('strict', page)(body)).toThrow('GET /api/thing/ (200) answered');
    expect(() => serializerFor('strict', page)(body)).toThrow('results.0.secret');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('results.0.secret'));
    error.mockRestore();
  });

  it('refuses a value of the wrong type with the zod issue path', () => {
    const error = quietly();
    const body = { count: 1, next: null, results: [{ ...rows[0], closed: 'no' }] };
    expect(() => serializerFor('strict', page)(body)).toThrow(/refuses at results\.0\.closed/);
    error.mockRestore();
  });

  it('refuses an answer encoding would change (a codec production would not run)', () => {
    const error = quietly();
    const counted = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    const schema = z.object({ count: counted });
    expect(() => serializerFor('strict', schema)({ count: 5 })).toThrow(/would change at count/);
    error.mockRestore();
  });

  it('checks a JsonText answer the same way, then sends its own text', () => {
    const error = quietly();
    const text =
      '{"count":1,"next":null,"results":[{"id":1,"title":null,"owner":3,"cohorts":[],"closed":true}]}';
    expect(serializerFor('strict', page)(jsonText(text))).toBe(text);
    const stray = '{"count":0,"next":null,"results":[],"extra":1}';
    expect(() => serializerFor('strict', page)(jsonText(stray))).toThrow(/would change at extra/);
    expect(() => serializerFor('strict', page)(jsonText('{"count":'))).toThrow(/does not parse/);
    error.mockRestore();
  });
});

describe('off mode', () => {
  it('does not validate: a wrong answer is written, not refused', () => {
    const error = vi.spyOn(console, 'error');
    const body = { count: 1, next: null, results: [{ ...rows[0], secret: 'hash' }] };
    const written = JSON.parse(serializerFor('off', page)(body)) as { results: Record<string, unknown>[] };
    expect(written.results[0]).toEqual(rows[0]);
    const loose = z.union([z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]);
    expect(serializerFor('off', loose)({ kind: 'c' })).toBe('{"kind":"c"}');
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('sends a JsonText answer as its text, unchecked', () => {
    expect(serializerFor('off', page)(jsonText('{"not":"a page"}'))).toBe('{"not":"a page"}');
  });
});
