import { describe, expect, it } from 'vitest';
import type { InstitutionDto, SessionUserDto, UserInstitutionDto } from '@rrp/domain';
import { postLoginPath } from './affiliation';

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
