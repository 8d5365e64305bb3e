import { beforeAll, describe, expect, it } from 'vitest';
import type { FileDto } from '@rrp/domain';
import { files } from '../../db/schema';
import { errorBody } from '../../../test/test-app';
import {
  t,
  admin,
  researcher,
  researcherId,
  outsider,
  otherInstitutionId,
  uploaded,
  uploadedElsewhere,
  get,
  setUpFilesApi,
} from './files.api-test-setup';

setUpFilesApi();

describe('GET file/', () => {
  let own: FileDto;
  let foreign: FileDto;
  let unregistered: number;
  beforeAll(async () => {
    own = await uploaded({ name: 'own.pdf' });
    foreign = await uploadedElsewhere('foreign.pdf');
    // A file of a type no module has registered: only its creator sees it.
    const [row] = await t.database.db
      .insert(files)
      .values({
        name: 'loose.txt',
        storageKey: 'none',
        type: 'loose',
        contentType: 'text/plain',
        size: 1,
        creatorId: researcherId,
      })
      .returning();
    unregistered = row!.id;
  });

  const ids = async (token: string, query = '') =>
    (await get(token, `/api/file/?limit=2000${query}`))
      .json<{ results: FileDto[] }>()
      .results.map((file) => file.id);

  it('lists only the files the caller may read', async () => {
    const mine = await ids(researcher);
    expect(mine).toContain(own.id);
    expect(mine).toContain(unregistered);
    expect(mine).not.toContain(foreign.id);
    const outsiders = await ids(outsider);
    expect(outsiders).toContain(foreign.id);
    expect(outsiders).not.toContain(own.id);
    expect(outsiders).not.toContain(unregistered);
    const staff = await ids(admin);
    expect(staff).toEqual(expect.arrayContaining([own.id, foreign.id]));
    expect(staff).not.toContain(unregistered);
  });

  it('filters by id, id__in, type and institution, and expands the creator', async () => {
    expect(await ids(admin, `&id=${own.id}`)).toEqual([own.id]);
    expect((await ids(admin, `&id__in=${own.id},${foreign.id}&ordering=id`)).sort()).toEqual(
      [own.id, foreign.id].sort(),
    );
    expect(await ids(admin, `&institution=${otherInstitutionId}&type=test_doc`)).toEqual([foreign.id]);
    const rdas = await get(admin, '/api/file/?type=rda');
    const rdaCount = rdas.json<{ count: number }>().count;
    expect(rdaCount).toBeGreaterThan(0);
    // New RDAs await their signature (status 1); none is fully executed (3) yet in this file.
    const byStatus = (query: string) =>
      get(admin, `/api/file/?${query}`).then((response) => response.json<{ count: number }>().count);
    expect(await byStatus('type=rda&rda_info__status=1')).toBe(rdaCount);
    expect(await byStatus('type=rda&rda_info__status__in=2,3')).toBe(0);
    expect(await byStatus('type=test_doc&rda_info__status=1')).toBe(0);
    const page = (await get(researcher, `/api/file/?id=${own.id}&expand=creator`)).json<{
      count: number;
      results: { creator: unknown }[];
    }>();
    expect(page.count).toBe(1);
    expect(page.results[0]!.creator).toEqual({ id: researcherId, display_name: 'Rita Member' });
  });

  it('pages with the list envelope', async () => {
    const response = await get(researcher, '/api/file/?limit=1');
    const body = response.json<{ count: number; next: string | null; results: unknown[] }>();
    expect(body.results).toHaveLength(1);
    expect(body.count).toBeGreaterThan(1);
    expect(body.next).toContain('offset=1');
  });

  it('answers unknown filters and bad values with 400', async () => {
    expect(errorBody(await get(researcher, '/api/file/?owner=1'))).toBeDefined();
    expect((await get(researcher, '/api/file/?owner=1')).statusCode).toBe(400);
    const bad = await get(researcher, '/api/file/?id__in=1,x');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad)).toMatchObject({ id__in: ['Enter a whole number.'] });
    expect(errorBody(await get(researcher, '/api/file/?expand=owner'))).toMatchObject({
      expand: ['Unknown relation: owner.'],
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/file/' })).statusCode).toBe(401);
  });
});
