import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { RoleKey } from '@rrp/domain';
import { createProject, createRequest } from '../src/db/factories';
import { auth, createTestContext, type TestContext } from './test-app';

/**
 * Property-based fuzzing of the whole API (issue 13): every route of /api/openapi.json is called
 * with generated bad bodies, queries and path parameters, signed out and signed in as a few
 * roles, and must never answer 5xx; every error is the one envelope with the correlation id, and
 * never many times larger than the request. A fixed seed and a bounded count keep `npm test`
 * repeatable and short; for a longer hunt:
 *
 *   FUZZ_RUNS=60 FUZZ_SEED=$RANDOM npx vitest run --project server-api apps/server/test/fuzz.api.test.ts
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_513);

interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

/** Every operation the OpenAPI document declares, with the names a caller could send. */
function operationsOf(document: OpenApi): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.['application/json']?.schema;
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(json?.properties ?? {}),
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Generators: values that have broken servers before, mixed with ordinary random ones.

const hostileText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '%',
  '%00',
  '\\',
  "'; drop table users; --",
  '../../../etc/passwd',
  '数据.pdf',
  'Müller–report',
  '😀',
  '\u202Egnp.exe',
  '\uFFFF',
  '\uD800',
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '1e309',
  'NaN',
  '-1',
  '0',
  'true',
  'null',
  '',
  ' ',
  '2024-13-45',
  '1,2,3',
  '-id',
  'x'.repeat(5000),
);
/** Names a plain object answers through its prototype: every enum-like value must refuse them (issue 29). */
const prototypeName = fc.constantFrom(
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
);
/** Ids `Number()` reads (`0x10` is 16) or the integer columns cannot hold: bad input everywhere (issue 29). */
const badId = fc.constantFrom(
  '0x10',
  '1e1',
  '+16',
  ' 16',
  '16 ',
  '016',
  '00',
  '1.0',
  '-1',
  '0',
  '2147483647',
  '2147483648',
  '-2147483648',
  '-2147483649',
  '1,2147483648',
  '1,0x10',
);
/** Names of the portal's objects (history's `model`, e-mail's `model_name`), to pair with the ids above. */
const modelName = fc.constantFrom('request', 'project', 'institution', 'file', 'dataset', 'user', 'renewal');
const text = fc.oneof(
  hostileText,
  prototypeName,
  badId,
  modelName,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileNumber = fc.constantFrom(
  2_147_483_648,
  -1,
  0,
  1.5,
  1e20,
  -1e20,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1,
  2,
);
const key = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'a\u0000', 'id', 'user', 'project_id'),
  fc.string({ maxLength: 12 }),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    hostileNumber,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
}));

/** A body with the operation's own field names (so its schema's checks run) and stray ones. */
const bodyFor = (operation: Operation) =>
  fc.oneof(
    {
      arbitrary: fc
        .tuple(
          operation.bodyFields.length > 0
            ? fc.dictionary(fc.constantFrom(...operation.bodyFields), value, { maxKeys: 8 })
            : fc.constant({}),
          fc.dictionary(key, value, { maxKeys: 2 }),
        )
        .map(([known, extra]) => ({ ...extra, ...known })),
      weight: 6,
    },
    { arbitrary: value, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );

/**
 * A value for a query parameter: ids (`id`, `pk`, `doc_id`, `obj_ids`, `project__in`, …) get the
 * bad ids most of the time, object names a model's name, anything else any text.
 */
const ID_PARAMETER = /(^|_)(ids?|pk|project|owner|user|request|institution|dataset|cohort|cart)(__[a-z]+)?$/;
function queryValue(name: string): fc.Arbitrary<string> {
  if (ID_PARAMETER.test(name))
    return fc.oneof({ arbitrary: badId, weight: 3 }, { arbitrary: text, weight: 1 });
  if (name.includes('model'))
    return fc.oneof({ arbitrary: modelName, weight: 3 }, { arbitrary: text, weight: 1 });
  return text;
}

function queryFor(operation: Operation) {
  const names = [...new Set([...operation.queryParams, 'ordering', 'search', 'expand'])];
  return fc
    .tuple(
      operation.queryParams.length > 0
        ? fc
            .subarray(names, { maxLength: Math.min(4, names.length) })
            .chain((chosen) =>
              fc.tuple(...chosen.map((name) => queryValue(name).map((raw) => [name, raw] as const))),
            )
            .map((pairs) => Object.fromEntries(pairs))
        : fc.constant({}),
      fc.dictionary(fc.oneof(key, fc.constant('role')), text, { maxKeys: 1 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

const pathParam = fc.oneof(
  { arbitrary: fc.constantFrom('1', '2', '3'), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '2147483648',
      '99999999999999999999',
      'abc',
      '__proto__',
      '%00',
      '%E0%A4%A',
      '数据',
      '00000000-0000-0000-0000-000000000000',
      // Non-canonical spellings of an existing id, and the first id past the columns (issue 29).
      '0x1',
      '0x10',
      '1e0',
      '1e1',
      '+1',
      '%2B1',
      '%201',
      '1%20',
      '01',
      '016',
      '2147483647',
      'constructor',
      'toString',
      'valueOf',
    ),
    weight: 3,
  },
);

/** Lone surrogates cannot be URI-encoded; a client would send the replacement character. */
const encodePart = (raw: string) => encodeURIComponent(raw.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

const encodeQuery = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([name, raw]) => `${encodePart(name)}=${encodePart(raw)}`)
    .join('&');

// ---------------------------------------------------------------------------------------------

const ROLES = ['primary_researcher', 'portal_admin', 'portal_reviewer', 'access_admin'] as const;
let t: TestContext;
let operations: Operation[];
const tokens = new Map<RoleKey, string>();

/** A session for the role; a new user when the fuzz ended the last one (logout, a new password). */
async function tokenFor(role: RoleKey): Promise<string> {
  let token = tokens.get(role);
  if (!token) {
    // No affiliation: the fuzz may well have deleted the test institution by now.
    const user = await t.createUser({ roles: [role], institutionId: undefined });
    token = await t.tokenFor(user.email);
    tokens.set(role, token);
  }
  return token;
}

beforeAll(async () => {
  t = await createTestContext();
  // Something for the ids 1–3 to name: a project with a request, owned by the first researcher.
  const owner = await t.createUser({ roles: ['primary_researcher'] });
  const project = await createProject(t.database.db, { ownerId: owner.id, title: 'Fuzzed' });
  await createRequest(t.database.db, { projectId: project.id, statusId: 2 });
  operations = operationsOf((await t.app.inject({ url: '/api/openapi.json' })).json<OpenApi>());
}, 120_000);
afterAll(() => t.close());

function expectSurvived(response: LightMyRequestResponse, requestBytes: number, label: string): void {
  expect(response.statusCode, `${label} -> ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const body = response.json<Record<string, unknown>>();
  expect(body.correlation_id, `${label}: not the envelope: ${response.body.slice(0, 300)}`).toBe(
    response.headers['x-correlation-id'],
  );
  expect(response.body.length, `${label}: error larger than the request`).toBeLessThanOrEqual(
    4 * requestBytes + 4096,
  );
}

describe('fuzzing every route of /api/openapi.json', () => {
  it('walks the whole document', () => {
    expect(operations.length).toBeGreaterThan(90);
  });

  it(
    'never answers 5xx, and answers every error in the one envelope, never much larger than the request',
    async () => {
      let calls = 0;
      for (const [index, operation] of operations.entries()) {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom<RoleKey | null>(null, ...ROLES),
            fc.array(pathParam, {
              minLength: operation.pathParams.length,
              maxLength: operation.pathParams.length,
            }),
            queryFor(operation),
            operation.method === 'GET' || operation.method === 'DELETE'
              ? fc.constant(undefined)
              : bodyFor(operation),
            async (role, params, query, body) => {
              // Ending the fuzzing user's own session would leave the rest of the run signed out.
              if (role && operation.path === '/api/logout/') return;
              let path = operation.path;
              operation.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, params[i]!)));
              const search = encodeQuery(query);
              const url = search ? `${path}?${search}` : path;
              const payload = body === undefined ? undefined : JSON.stringify(body);
              const response = await t.app.inject({
                method: operation.method,
                url,
                headers: {
                  ...(role ? auth(await tokenFor(role)) : {}),
                  ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
                },
                payload,
                // A client address per call keeps the per-address rate limits out of the way.
                remoteAddress: `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`,
              });
              calls += 1;
              if (role && response.statusCode === 401) tokens.delete(role);
              expectSurvived(
                response,
                url.length + (payload?.length ?? 0),
                `${role ?? 'visitor'} ${operation.method} ${url}`,
              );
            },
          ),
          { numRuns: RUNS_PER_ROUTE, seed: SEED + index, endOnFailure: true },
        );
      }
      expect(calls).toBeGreaterThanOrEqual(operations.length * RUNS_PER_ROUTE * 0.8);
    },
    Math.max(110_000, RUNS_PER_ROUTE * 15_000),
  );
});
