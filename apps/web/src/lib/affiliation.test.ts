import { describe, expect, it, vi } from 'vitest';
import type { InstitutionDto, SessionUserDto, UserInstitutionDto } from '@rrp/domain';
import { fetchAffiliation, postLoginPath } from './affiliation';

const user = { id: 5, institutionId: 9 } as SessionUserDto;
const institution = (fields: Partial<InstitutionDto>) =>
  ({ id: 9, status: 3, rda_status: 3, current_io: 77, ...fields }) as InstitutionDto;
const link = (fields: Partial<UserInstitutionDto>) =>
  ({ id: 1, joinder_date: '2026-01-01T00:00:00Z', ...fields }) as UserInstitutionDto;

describe('post-login redirects', () => {
  it('sends a researcher without an institution to provide one', () => {
    expect(
      postLoginPath({ ...user, institutionId: null }, 'primary_researcher', {
        link: null,
        institution: null,
      }),
    ).toBe('/provide-institution');
  });

  it('sends a researcher whose official declined to name a new one', () => {
    expect(
      postLoginPath(user, 'primary_researcher', { link: link({}), institution: institution({ status: 6 }) }),
    ).toBe('/revise-institution-officer');
  });

  it('sends a researcher to the joinder once the RDA is executed and they have not joined', () => {
    expect(
      postLoginPath(user, 'primary_researcher', {
        link: link({ joinder_date: null }),
        institution: institution({}),
      }),
    ).toBe('/joinder');
    expect(
      postLoginPath(user, 'primary_researcher', {
        link: link({ joinder_date: null }),
        institution: institution({ rda_status: 2 }),
      }),
    ).toBeNull();
    expect(
      postLoginPath(user, 'primary_researcher', { link: link({}), institution: institution({}) }),
    ).toBeNull();
  });

  it('sends the official to the institution details on a first visit, and to the institution on follow-up', () => {
    const official = { ...user, id: 77 };
    expect(postLoginPath(official, 'sbso', { link: null, institution: institution({ status: 1 }) })).toBe(
      '/institution-details',
    );
    expect(postLoginPath(official, 'sbso', { link: null, institution: institution({ status: 5 }) })).toBe(
      '/institution/9',
    );
    expect(
      postLoginPath(official, 'sbso', { link: null, institution: institution({ status: 3 }) }),
    ).toBeNull();
  });

  it('leaves staff where they were going', () => {
    expect(postLoginPath(user, 'portal_admin', { link: null, institution: null })).toBeNull();
  });
});

describe('the affiliation fetched after sign-in', () => {
  it('asks for the institution only in a role that may read one (issue 30.3)', async () => {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        paths.push(new URL(url, 'http://x').pathname);
        return new Response(JSON.stringify(url.includes('user-institution') ? { results: [] } : { id: 9 }));
      }),
    );
    try {
      for (const role of ['abn_proj_mgr', 'abn_reviewer', 'rm_admin'] as const) {
        paths.length = 0;
        const affiliation = await fetchAffiliation({ ...user, roles: [role] }, { token: 't', role });
        expect(affiliation.institution, role).toBeNull();
        expect(paths, role).toEqual(['/api/user-institution/']);
      }
      paths.length = 0;
      const researcher = { ...user, roles: ['primary_researcher' as const] };
      await fetchAffiliation(researcher, { token: 't', role: 'primary_researcher' });
      expect(paths).toEqual(['/api/user-institution/', '/api/institution/9/']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
