import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { todayIso } from '@rrp/domain';
import { files, projects } from '../../db/schema';
import { addTeamMember, createProject, createRequest } from '../../db/factories';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';

/** IRB records: uploads through POST file/ (multipart), the IRB form's rules, reading and updating. */
let t: TestContext;
let admin: string;
let owner: { id: number; email: string; token: string };
let member: { id: number; email: string; token: string };
let stranger: string;
let projectId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86_400_000));
const approved = () => ({
  designation: 1,
  approval_date: day(-30),
  renewal_date: day(300),
  assurance_number: 'FWA0001',
});

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenForRole('portal_admin');
  stranger = await t.tokenForRole('primary_researcher');
  const o = await t.createUser({ roles: ['primary_researcher'] });
  owner = { ...o, token: await t.tokenFor(o.email) };
  const m = await t.createUser({ roles: ['primary_researcher'] });
  member = { ...m, token: await t.tokenFor(m.email) };
  projectId = (await createProject(t.database.db, { ownerId: owner.id })).id;
  await addTeamMember(t.database.db, { projectId, email: member.email, firstName: 'M', lastName: 'M' });
});
afterAll(() => t.close());

function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; type: string }) {
  const boundary = `----rrp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function uploadIrb(
  token: string,
  data: Record<string, unknown>,
  options: { project?: number | null; content?: Buffer; name?: string; type?: string } = {},
) {
  const fields: Record<string, string> = { type: 'irb', additional_data: JSON.stringify(data) };
  const project = options.project === undefined ? projectId : options.project;
  if (project !== null) fields.project = String(project);
  const body = multipart(fields, {
    name: options.name ?? 'irb-letter.pdf',
    content: options.content ?? PDF,
    type: options.type ?? 'application/pdf',
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/file/',
    headers: { ...auth(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}
const fileCount = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;
const latestIrbOf = async (id: number) =>
  (await t.database.db.select().from(projects).where(eq(projects.id, id)))[0]!.latestIrbId;

describe('IRB upload', () => {
  it('stores an approved IRB for the project and makes it the latest, in the project history', async () => {
    const response = await uploadIrb(owner.token, { ...approved(), ignored: 'x' });
    expect(response.statusCode).toBe(201);
    const file = response.json();
    expect(file).toMatchObject({
      type: 'irb',
      project: projectId,
      file_type: 'application/pdf',
      additional_data: approved(),
    });
    expect(await latestIrbOf(projectId)).toBe(file.id);
    const project = await t.app.inject({
      url: `/api/project/${projectId}/?expand=latest_irb`,
      headers: auth(owner.token),
    });
    expect(project.json()).toMatchObject({
      irb_state: 'valid',
      irb_renewal_date: day(300),
      latest_irb: { id: file.id, designation: 1, assurance_number: 'FWA0001' },
    });
    const trail = await t.app.inject({
      url: `/api/history/?pk=${projectId}&model=project`,
      headers: auth(owner.token),
    });
    expect(trail.json().results[0].changed_fields).toEqual(['latestIrbId', 'latest_irb']);
  });

  it('clears the renewal date of an exempt IRB and shows the project as exempt', async () => {
    const response = await uploadIrb(owner.token, {
      designation: 2,
      approval_date: day(-1),
      renewal_date: day(50),
    });
    expect(response.json().additional_data).toEqual({
      designation: 2,
      approval_date: day(-1),
      renewal_date: null,
      assurance_number: null,
    });
    const project = await t.app.inject({ url: `/api/project/${projectId}/`, headers: auth(owner.token) });
    expect(project.json()).toMatchObject({ irb_state: 'exempt', irb_renewal_date: null });
  });

  it('refuses dates in the wrong direction and long assurance numbers, storing nothing', async () => {
    const before = await fileCount();
    const dates = await uploadIrb(owner.token, {
      designation: 1,
      approval_date: day(3),
      renewal_date: day(-3),
    });
    expect(dates.statusCode).toBe(400);
    expect(errorBody(dates)).toMatchObject({
      approval_date: ['Must have a previous date'],
      renewal_date: ['Must have a future date'],
    });
    const assurance = await uploadIrb(owner.token, { ...approved(), assurance_number: 'x'.repeat(25) });
    expect(errorBody(assurance)).toMatchObject({
      assurance_number: ['Ensure this field has no more than 24 characters.'],
    });
    expect(await fileCount()).toBe(before);
  });

  it('refuses a non-PDF IRB whatever it claims to be', async () => {
    const before = await fileCount();
    const word = await uploadIrb(owner.token, approved(), {
      name: 'irb.docx',
      content: Buffer.from('PK\u0003\u0004 not a pdf at all'),
      type: 'application/pdf',
    });
    expect(word.statusCode).toBe(400);
    expect(errorBody(word)).toMatchObject({ file: ['The IRB document must be a PDF file.'] });
    expect(await fileCount()).toBe(before);
  });

  it('needs update rights on the project: owner and admins, not team members or strangers', async () => {
    expect((await uploadIrb(member.token, approved())).statusCode).toBe(403);
    expect((await uploadIrb(stranger, approved())).statusCode).toBe(404);
    expect((await uploadIrb(owner.token, approved(), { project: 987654 })).statusCode).toBe(400);
    const byAdmin = await uploadIrb(admin, approved());
    expect(byAdmin.statusCode).toBe(201);
    expect(await latestIrbOf(projectId)).toBe(byAdmin.json().id);
  });

  it('lets the owner renew the IRB of a locked project', async () => {
    const locked = await createProject(t.database.db, { ownerId: owner.id });
    await createRequest(t.database.db, { projectId: locked.id, statusId: 4 });
    const response = await uploadIrb(owner.token, approved(), { project: locked.id });
    expect(response.statusCode).toBe(201);
    expect(await latestIrbOf(locked.id)).toBe(response.json().id);
  });

  it('accepts an IRB before its project exists, readable by its uploader only until linked', async () => {
    const response = await uploadIrb(owner.token, approved(), { project: null });
    expect(response.statusCode).toBe(201);
    const id = response.json().id;
    expect((await t.app.inject({ url: `/api/file/${id}/`, headers: auth(owner.token) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: `/api/file/${id}/`, headers: auth(member.token) })).statusCode).toBe(
      404,
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/project/',
      headers: auth(owner.token),
      payload: { title: 'With early IRB', abstract: 'A.', non_autism_research: false, latest_irb: id },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().latest_irb).toBe(id);
    const official = await t.tokenForRole('sbso');
    expect((await uploadIrb(official, approved(), { project: null })).statusCode).toBe(403);
  });
});

describe('IRB reading and editing', () => {
  it('follows the project: owner, team members and staff read it; lists show them theirs', async () => {
    const id = (await uploadIrb(owner.token, approved())).json().id;
    for (const token of [owner.token, member.token, admin]) {
      expect((await t.app.inject({ url: `/api/file/${id}/`, headers: auth(token) })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: `/api/file/${id}/`, headers: auth(stranger) })).statusCode).toBe(404);
    const listed = await t.app.inject({ url: '/api/file/?type=irb&limit=500', headers: auth(member.token) });
    expect(listed.json().results.map((f: { id: number }) => f.id)).toContain(id);
    const hidden = await t.app.inject({ url: '/api/file/?type=irb&limit=500', headers: auth(stranger) });
    expect(hidden.json().results).toEqual([]);
  });

  it('edits the IRB data without a new document, with the same rules', async () => {
    const id = (await uploadIrb(owner.token, approved())).json().id;
    const patch = (token: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/file/${id}/`, headers: auth(token), payload });
    const wrong = await patch(owner.token, { additional_data: { designation: 1, approval_date: day(5) } });
    expect(errorBody(wrong)).toMatchObject({
      approval_date: ['Must have a previous date'],
      renewal_date: ['Required field'],
    });
    expect((await patch(member.token, { additional_data: approved() })).statusCode).toBe(403);
    const ok = await patch(owner.token, { additional_data: { ...approved(), renewal_date: day(20) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().additional_data.renewal_date).toBe(day(20));
    const project = await t.app.inject({ url: `/api/project/${projectId}/`, headers: auth(owner.token) });
    expect(project.json()).toMatchObject({ irb_state: 'near_expiry', irb_renewal_date: day(20) });
  });
});
