import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FILE_MESSAGES, MAX_ID, UPLOADABLE_FILE_TYPES, WEBHOOK_EVENT_TYPE_KEYS } from '@rrp/domain';
import { createProject, createRequest } from '../../db/factories';
import { requests } from '../../db/schema';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

/**
 * Edge input of issue 29: ids written other than as canonical decimals, ids past the integer
 * columns, prototype names as enum values, and what 429 and the OpenAPI document tell a client.
 */
let t: TestContext;
let admin: string;
let requestId: number;
let projectId: number;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  const owner = await t.createUser({ roles: ['primary_researcher'] });
  const project = await createProject(t.database.db, { ownerId: owner.id, title: 'Edge' });
  projectId = project.id;
  requestId = (await createRequest(t.database.db, { projectId, statusId: 2 })).id;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: auth(admin) });

/** Spellings `Number()` reads as the id, or as an id past the columns: none names a row. */
const nonCanonical = (id: number) => [
  `0x${id.toString(16)}`,
  `${id}e0`,
  `+${id}`,
  `%2B${id}`,
  `%20${id}`,
  `${id}%20`,
  `0${id}`,
  `${id}.0`,
  `-${id}`,
  '0',
  String(MAX_ID + 1),
  '99999999999',
];

const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('ids in paths', () => {
  it('answer 404 unless written as canonical decimals, on every route alike', async () => {
    expect((await get(`/api/request/${requestId}/`)).statusCode).toBe(200);
    expect((await get(`/api/project/${projectId}/`)).statusCode).toBe(200);
    for (const id of nonCanonical(requestId)) {
      const response = await get(`/api/request/${id}/`);
      expect(response.statusCode, `request/${id}/`).toBe(404);
      expect(errorBody(response)).toMatchObject({ detail: 'Not found.' });
      expect((await get(`/api/project/${id}/`)).statusCode, `project/${id}/`).toBe(404);
      expect((await get(`/api/request/${id}/decisions/`)).statusCode, `request/${id}/decisions/`).toBe(404);
      expect((await get(`/api/dataset/${id}/`)).statusCode, `dataset/${id}/`).toBe(404);
    }
  });

  it('deletes nothing through a non-canonical id', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/request/0x${requestId.toString(16)}/`,
      headers: auth(admin),
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(requests).where(eq(requests.id, requestId));
    expect(row).toBeDefined();
  });

  it('are declared by one schema on every route of the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: unknown }[] }>>;
    }>();
    const schemas = new Map<string, string[]>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'path') continue;
          const key = JSON.stringify(parameter.schema);
          schemas.set(key, [...(schemas.get(key) ?? []), `${method} ${path}`]);
        }
      }
    }
    // The id, the id-or-UUID of a dataset, and a calendar feed's secret; each written one way.
    const feedSecret = JSON.stringify({ type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' });
    expect([...schemas.keys()].sort()).toEqual(
      [
        JSON.stringify({ type: 'string', pattern: '^[1-9]\\d{0,9}$' }),
        JSON.stringify({ type: 'string', maxLength: 64 }),
        feedSecret,
      ].sort(),
    );
    expect(
      schemas.get(JSON.stringify({ type: 'string', maxLength: 64 }))?.every((op) => op.includes('dataset')),
    ).toBe(true);
    expect(schemas.get(feedSecret)).toEqual(['get /api/calendar/{token}.ics']);
  });
});

describe('ids in queries', () => {
  it('are range-checked and canonical in list filters', async () => {
    expect((await get(`/api/request/?id=${requestId}`)).json().count).toBe(1);
    expect((await get(`/api/request/?id__in=${requestId},${requestId + 1}`)).json().count).toBe(1);
    for (const id of [
      `0x${requestId.toString(16)}`,
      `${requestId}e0`,
      `%2B${requestId}`,
      `%20${requestId}`,
      `0${requestId}`,
    ]) {
      const response = await get(`/api/request/?id=${id}`);
      expect(response.statusCode, `id=${id}`).toBe(400);
      expect(Object.keys(errorBody(response))).toContain('id');
      // In a comma list, spaces around a comma belong to the separator.
      if (!id.startsWith('%20')) {
        expect((await get(`/api/request/?id__in=1,${id}`)).statusCode, `id__in=1,${id}`).toBe(400);
      }
    }
    expect((await get(`/api/request/?id__in=1,%20${requestId}`)).json().count).toBe(1);
    for (const id of ['01', '0x1', '%2B1', '1e0', String(MAX_ID + 1)]) {
      const response = await get(`/api/request/?recontacting_cohort=${id}`);
      expect(response.statusCode, `recontacting_cohort=${id}`).toBe(400);
    }
    const huge = await get(`/api/request/?project=${MAX_ID + 1}`);
    expect(errorBody(huge)).toMatchObject({
      project: [`Ensure this value is less than or equal to ${MAX_ID}.`],
    });
  });

  it('are range-checked and canonical in every other query', async () => {
    const calls = [
      (id: string) => `/api/file/list_files/?id=${id}`,
      (id: string) => `/api/abn_donor/?donor_hash=abc&doc_id=${id}`,
      (id: string) => `/api/insights/turnaround/?type=${id}`,
      (id: string) => `/api/request/${requestId}/decision-email/?status=${id}`,
    ];
    // An owner reads the history of one object of theirs (pk named as text, model by name).
    const researcher = await t.tokenForRole('primary_researcher');
    for (const model of ['project', 'institution', 'request']) {
      for (const pk of [String(MAX_ID + 1), '999999999999999', '016', '0x1']) {
        const response = await t.app.inject({
          url: `/api/history/?pk=${pk}&model=${model}`,
          headers: auth(researcher),
        });
        expect(response.statusCode, `history/?pk=${pk}&model=${model}`).toBe(404);
      }
    }
    const lists = [
      (id: string) => `/api/file/download/?selected_files=1,${id}`,
      (id: string) => `/api/email/?email_type=x&model_name=request&obj_ids=${id},1`,
      (id: string) => `/api/email_logs/?model_name=request&object_ids=1,${id}`,
    ];
    const bad = [String(MAX_ID + 1), '0x1', '1e0', '%2B1', '01', '-1', '0', '1.0'];
    for (const [call, id] of [
      ...calls.flatMap((call) => [...bad, '%201', '1%20'].map((id) => [call, id] as const)),
      ...lists.flatMap((call) => bad.map((id) => [call, id] as const)),
    ]) {
      const response = await get(call(id));
      expect(response.statusCode, call(id)).toBe(400);
      errorBody(response);
    }
  });
});

describe('enum-like filter values', () => {
  it('are looked up as own keys only', async () => {
    expect((await get('/api/request/?grouping=dataset')).statusCode).toBe(200);
    for (const name of PROTOTYPE_NAMES) {
      for (const param of ['grouping', 'grouping__in']) {
        const response = await get(`/api/request/?${param}=${name}`);
        expect(response.statusCode, `${param}=${name}`).toBe(400);
        expect(errorBody(response)[param]).toEqual([
          'Choose one of: dataset, biospecimen, funding, recontacting, tissue.',
        ]);
      }
      for (const url of [
        '/api/request/?assigned=',
        '/api/request/?compliance_needed=',
        '/api/dataset/?approved=',
      ]) {
        const param = url.slice(url.indexOf('?') + 1, -1);
        const response = await get(`${url}${name}`);
        expect(response.statusCode, `${param}=${name}`).toBe(400);
        expect(errorBody(response)[param]).toEqual(['Enter true or false.']);
      }
    }
  });
});

describe('429', () => {
  const signIn = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/api-token-auth/',
      payload: { email, password: 'Wrong-Password-1!' },
      remoteAddress,
    });

  it('says when to retry, for the per-address limit', async () => {
    let response = await signIn('flood0@example.test', '10.29.0.1');
    for (let i = 1; response.statusCode !== 429 && i < 100; i++) {
      response = await signIn(`flood${i}@example.test`, '10.29.0.1');
    }
    expect(response.statusCode).toBe(429);
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    errorBody(response);
  });

  it('says when to retry, for an account locked after failed sign-ins', async () => {
    const user = await t.createUser({ roles: ['primary_researcher'] });
    let response = await signIn(user.email, '10.29.1.0');
    for (let i = 1; response.statusCode !== 429 && i < 20; i++)
      response = await signIn(user.email, `10.29.1.${i}`);
    expect(response.statusCode).toBe(429);
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  });
});

describe('the OpenAPI document', () => {
  type Schema = { properties?: Record<string, Schema>; items?: Schema; enum?: unknown[] };
  let paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  beforeAll(async () => {
    paths = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: typeof paths }>().paths;
  });

  it("names POST file/'s types, webhook event types and notification task names as enums", () => {
    const upload = paths['/api/file/']!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(upload.properties!.type!.enum).toEqual([...UPLOADABLE_FILE_TYPES]);
    expect(upload.properties!.file).toBeDefined();
    for (const method of ['post', 'patch']) {
      const path = method === 'post' ? '/api/webhook/' : '/api/webhook/{id}/';
      const webhook = paths[path]![method]!.requestBody!.content['application/json']!.schema;
      expect(webhook.properties!.event_types!.items!.enum, path).toEqual([...WEBHOOK_EVENT_TYPE_KEYS]);
    }
    const notification = paths['/api/notification/']!.post!.requestBody!.content['application/json']!.schema;
    expect(notification.properties!.task_name!.enum).toEqual(['error_report', 'release_note', 'message']);
  });
});

describe('POST file/ types', () => {
  function multipart(fields: Record<string, string>) {
    const boundary = '----rrp-edge-input';
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n`;
    return {
      payload: `${parts.join('')}${file}--${boundary}--\r\n`,
      headers: { ...auth(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  it('refuses an unknown type with the list of accepted types', async () => {
    for (const type of ['nonsense', 'rda', ...PROTOTYPE_NAMES]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/file/', ...multipart({ type }) });
      expect(response.statusCode, type).toBe(400);
      expect(errorBody(response).type).toEqual([FILE_MESSAGES.typeNotUploadable(type)]);
    }
    expect(FILE_MESSAGES.typeNotUploadable('x')).toBe(
      `Files of type "x" cannot be uploaded. Choose one of: ${UPLOADABLE_FILE_TYPES.join(', ')}.`,
    );
  });

  it('lists exactly the types a module lets someone upload', async () => {
    for (const type of UPLOADABLE_FILE_TYPES) {
      const response = await t.app.inject({ method: 'POST', url: '/api/file/', ...multipart({ type }) });
      expect(response.statusCode, type).toBeLessThan(500);
      expect(response.json().type, type).not.toEqual([FILE_MESSAGES.typeNotUploadable(type)]);
    }
  });
});
