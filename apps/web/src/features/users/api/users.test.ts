import { describe, expect, it } from 'vitest';
import { userListQuery, type UserFilters } from './users';

const base: UserFilters = {
  page: 2,
  pageSize: 10,
  ordering: 'last_name',
  search: '',
  roles: [],
  unsignedPis: false,
  institutions: [],
};

describe('the Users list query', () => {
  it('pages and orders, and searches from two characters', () => {
    expect(userListQuery(base)).toEqual({ limit: 10, offset: 10, ordering: 'last_name' });
    expect(userListQuery({ ...base, search: ' a ' })).not.toHaveProperty('search');
    expect(userListQuery({ ...base, search: ' ada ' })).toMatchObject({ search: 'ada' });
  });

  it('sends the role checkboxes and the institutions as __in filters', () => {
    expect(
      userListQuery({ ...base, roles: ['sbso', 'portal_admin'], institutions: ['3', '7'] }),
    ).toMatchObject({
      groups__name__in: 'sbso,portal_admin',
      institutions__id__in: '3,7',
    });
  });

  it('asks for primary researchers without a signed joinder, whatever roles are ticked', () => {
    expect(userListQuery({ ...base, roles: ['sbso'], unsignedPis: true })).toMatchObject({
      groups__name__in: 'primary_researcher',
      userinstitution__joinder_date__isnull: 'true',
    });
  });
});
