import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REQUEST_DOCUMENT_MESSAGES, USAGE_QUESTIONS } from '@rrp/domain';
import { requests, sampleTypes } from '../../db/schema';
import {
  addRequestMembers,
  addRequestSamples,
  addTeamMember,
  createDataset,
  createProject,
  createRequest,
  createSample,
  linkRequestDatasets,
} from '../../db/factories';
import { recordHistory } from '../../platform/history';
import { auth, createTestContext, errorBody, type TestContext } from '../../../test/test-app';
import { readPdf } from '../../../test/pdf-text';

let t: TestContext;
let admin: { id: number; token: string };
let accessAdmin: string;
let readOnly: string;
let sbso: string;
let superuser: string;
let owner: { id: number; token: string };
let teammate: { id: number; token: string };
let stranger: string;
let approvedId: number;
let submittedId: number;
let fulfilledId: number;
let biospecimenId: number;

const db = () => t.database.db;

async function person(roles: Parameters<TestContext['createUser']>[0]['roles'], first: string, last: string) {
  const user = await t.createUser({ roles, firstName: first, lastName: last });
  return { id: user.id, email: user.email, token: await t.tokenFor(user.email) };
}

/** Moves a request to a status as the workflow does: the row and a history version by `by`. */
async function moveTo(
  id: number,
  statusId: number,
  by: number,
  extra: Partial<typeof requests.$inferInsert> = {},
) {
  const [before] = await db().select().from(requests).where(eq(requests.id, id));
  const [after] = await db()
    .update(requests)
    .set({ statusId, ...extra })
    .where(eq(requests.id, id))
    .returning();
  await recordHistory(db(), {
    model: 'request',
    objectId: id,
    action: 'update',
    before,
    after,
    by: { userId: by },
  });
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await person(['portal_admin'], 'Ann', 'Admin');
  accessAdmin = await t.tokenForRole('access_admin');
  readOnly = await t.tokenForRole('internal_read_only');
  sbso = await t.tokenForRole('sbso');
  superuser = await t.tokenForRole('superuser');
  owner = await person(['primary_researcher'], 'Rita', 'Researcher');
  const mate = await person(['primary_researcher'], 'Tom', 'Teammate');
  teammate = mate;
  stranger = (await person(['primary_researcher'], 'Otto', 'Other')).token;

  const project = await createProject(db(), {
    ownerId: owner.id,
    title: 'Sleep and autism in early childhood',
    abstract: 'We study how sleep patterns relate to daytime behaviour in autistic children.',
  });
  await addTeamMember(db(), {
    projectId: project.id,
    email: mate.email,
    firstName: 'Tom',
    lastName: 'Teammate',
    userRole: 2,
  });
  const dataset = await createDataset(db(), { name: 'SPARK Phenotype Core', cohortId: 1 });
  const second = await createDataset(db(), { name: 'SSC Genomes', cohortId: 2 });

  const make = async (statusId: number, usage: boolean) => {
    const request = await createRequest(db(), {
      projectId: project.id,
      statusId: 2,
      additionalData: usage ? { usage_answers: [true, true, true] } : {},
      agreedToUsagePolicy: usage,
    });
    await linkRequestDatasets(db(), request.id, [dataset.id, second.id]);
    await addRequestMembers(db(), request.id, [{ userId: owner.id }, { userId: mate.id }]);
    if (statusId !== 2) await moveTo(request.id, 3, admin.id);
    if (statusId === 4 || statusId === 7)
      await moveTo(request.id, 4, admin.id, { decisionDate: new Date('2026-03-03T15:00:00Z') });
    if (statusId === 7)
      await moveTo(request.id, 7, admin.id, { expirationDate: new Date('2029-03-05T15:00:00Z') });
    return request.id;
  };
  approvedId = await make(4, true);
  submittedId = await make(2, false);
  fulfilledId = await make(7, true);

  const [plasma] = await db().select().from(sampleTypes).where(eq(sampleTypes.type, 'plasma'));
  await createSample(db(), { id: '11000-p1', sampleTypeId: plasma!.id });
  await createSample(db(), { id: '11000-mo', sampleTypeId: plasma!.id });
  const bio = await createRequest(db(), {
    projectId: project.id,
    typeId: 2,
    statusId: 2,
    sampleTypeId: plasma!.id,
    displayName: 'Plasma',
    additionalData: {
      usage: 'Metabolomics of plasma from probands',
      genetic_seq: ['wgs', 'other'],
      genetic_seq_other: 'Long-read sequencing',
      bio_destroyed: 'yes',
    },
  });
  await addRequestSamples(db(), bio.id, [
    { id: '11000-p1', amount: 2 },
    { id: '11000-mo', amount: 1 },
  ]);
  await addRequestMembers(db(), bio.id, [{ userId: owner.id }]);
  biospecimenId = bio.id;
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ url, headers: auth(token) });

async function base64Pdf(url: string, token: string) {
  const response = await get(`${url}?to_base64=true`, token);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ file: string; name: string }>();
  return { ...body, parsed: await readPdf(Buffer.from(body.file, 'base64')) };
}

describe('GET request/{id}/approval_notice/', () => {
  it('states the decision of an approved request as a real PDF', async () => {
    const [row] = await db().select().from(requests).where(eq(requests.id, approvedId));
    const { name, parsed } = await base64Pdf(`/api/request/${approvedId}/approval_notice/`, owner.token);
    expect(name).toBe(`${row!.portalRequestId}-approval-notice.pdf`);
    expect(parsed.pageCount).toBe(1);
    expect(parsed.title).toBe(`Approval Notice — ${row!.portalRequestId}`);
    const text = parsed.text;
    expect(text).toContain('Approval Notice');
    expect(text).toContain(row!.portalRequestId);
    expect(text).toContain('Approved');
    expect(text).toContain('March 3, 2026');
    expect(text).toContain('Rita Researcher');
    expect(text).toContain('Test University');
    expect(text).toContain('Sleep and autism in early childhood');
    expect(text).toContain('SPARK Phenotype Core');
    expect(text).toContain('SSC Genomes');
    expect(text).toContain('Tom Teammate');
    // Approved, not yet fulfilled: the expiry is set at fulfilment.
    expect(text).toContain('Set when the request is fulfilled (3 years later)');
  });

  it('gives the fulfilled request its expiration date, and the bytes without to_base64', async () => {
    const response = await get(`/api/request/${fulfilledId}/approval_notice/`, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="?R\d+-approval-notice\.pdf"?$/,
    );
    const parsed = await readPdf(response.rawPayload);
    expect(parsed.text).toContain('Fulfilled');
    expect(parsed.text).toContain('March 5, 2029');
    expect(parsed.text).toContain('and has been fulfilled.');
  });

  it('is a 400 with a clear message before the request is approved, for the owner and staff alike', async () => {
    for (const token of [owner.token, admin.token]) {
      const response = await get(`/api/request/${submittedId}/approval_notice/?to_base64=true`, token);
      expect(response.statusCode).toBe(400);
      expect(errorBody(response)).toMatchObject({
        non_field_errors: [REQUEST_DOCUMENT_MESSAGES.notApproved],
      });
    }
  });

  it('is a 400 while access waits for the team (Approved (Pending Team)) and once suspended', async () => {
    await moveTo(submittedId, 12, admin.id, { decisionDate: new Date() });
    const pending = await get(`/api/request/${submittedId}/approval_notice/`, owner.token);
    expect(pending.statusCode).toBe(400);
    await moveTo(fulfilledId, 14, admin.id);
    const suspended = await get(`/api/request/${fulfilledId}/approval_notice/`, owner.token);
    expect(suspended.statusCode).toBe(400);
    expect(errorBody(suspended)).toMatchObject({ non_field_errors: [REQUEST_DOCUMENT_MESSAGES.notApproved] });
    // Back as they were for the tests below.
    await moveTo(fulfilledId, 7, admin.id);
    await moveTo(submittedId, 2, admin.id, { decisionDate: null });
  });

  it('is for staff who read requests and the owner only', async () => {
    const url = `/api/request/${approvedId}/approval_notice/?to_base64=true`;
    expect((await get(url, readOnly)).statusCode).toBe(200);
    expect((await get(url, accessAdmin)).statusCode).toBe(200);
    // A team member reads the request but is not its owner.
    expect((await get(url, teammate.token)).statusCode).toBe(403);
    // A researcher who cannot see the request is told it does not exist.
    expect((await get(url, stranger)).statusCode).toBe(404);
    expect((await get(url, sbso)).statusCode).toBe(403);
    expect((await get(url, superuser)).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await get('/api/request/999999/approval_notice/', admin.token)).statusCode).toBe(404);
  });

  it('answers a malformed id with a 404 and a bad flag with a 400', async () => {
    // A malformed id names no request (the API's convention for path parameters).
    expect((await get('/api/request/abc/approval_notice/', admin.token)).statusCode).toBe(404);
    expect(
      (await get(`/api/request/${approvedId}/approval_notice/?to_base64=maybe`, admin.token)).statusCode,
    ).toBe(400);
  });
});

describe('GET request/{id}/docs/', () => {
  it('holds the whole dataset application: PI, project, resources, team, usage and status history', async () => {
    const [row] = await db().select().from(requests).where(eq(requests.id, fulfilledId));
    const { name, parsed } = await base64Pdf(`/api/request/${fulfilledId}/docs/`, owner.token);
    expect(name).toBe(`${row!.portalRequestId}-application.pdf`);
    expect(parsed.pageCount).toBeGreaterThanOrEqual(1);
    const text = parsed.text;
    for (const part of [
      'Resource Request Application',
      'Principal Investigator and Project',
      'Rita Researcher',
      'Sleep and autism in early childhood',
      'We study how sleep patterns relate to daytime behaviour in autistic children.',
      'SPARK Phenotype Core',
      'SSC Genomes',
      'Research Team',
      'Tom Teammate',
      'Co-Investigator',
      'Resource Usage',
      'Status History',
      'Submitted',
      'Under Review',
      'Approved',
      'Fulfilled',
      'Ann Admin',
    ]) {
      expect(text).toContain(part);
    }
    // Usage answers, with the question text (wrapped across lines when long).
    expect(text.replace(/\n/g, ' ')).toContain(`${USAGE_QUESTIONS[1]} — True`);
    // The footer names the document and counts its pages.
    expect(text).toContain(`Page 1 of ${parsed.pageCount}`);
  });

  it('lists a biospecimen request’s samples and its form answers by their labels', async () => {
    const { parsed } = await base64Pdf(`/api/request/${biospecimenId}/docs/`, admin.token);
    const text = parsed.text.replace(/\n/g, ' ');
    expect(text).toContain('Plasma');
    expect(text).toContain('11000-p1');
    expect(text).toContain('11000-mo');
    // Labels (short ones: long labels wrap beside their answers).
    expect(text).toContain('Other genetic analyses');
    expect(text).toContain('Metabolomics of plasma from probands');
    expect(text).toContain('Whole genome sequencing, Other');
    expect(text).toContain('Long-read sequencing');
  });

  it('is available in any status, to the same people', async () => {
    const url = `/api/request/${submittedId}/docs/`;
    const response = await get(url, readOnly);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect((await readPdf(response.rawPayload)).text).toContain('Not answered');
    expect((await get(url, teammate.token)).statusCode).toBe(403);
    expect((await get(url, stranger)).statusCode).toBe(404);
    expect((await get(url, sbso)).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('breaks a long application over several pages', async () => {
    const long = await createRequest(db(), {
      projectId: (await db().select().from(requests).where(eq(requests.id, approvedId)))[0]!.projectId,
      statusId: 2,
      displayName: 'Many datasets',
    });
    const many = [];
    for (let index = 0; index < 70; index += 1)
      many.push((await createDataset(db(), { name: `Imaging batch ${index + 1}`, cohortId: 1 })).id);
    await linkRequestDatasets(db(), long.id, many);
    const { parsed } = await base64Pdf(`/api/request/${long.id}/docs/`, admin.token);
    expect(parsed.pageCount).toBeGreaterThan(1);
    expect(parsed.text).toContain('Imaging batch 70');
    expect(parsed.pages.at(-1)).toContain(`Page ${parsed.pageCount} of ${parsed.pageCount}`);
  });
});
