import { useQuery } from '@tanstack/react-query';
import {
  isRoleKey,
  mayAttempt,
  type InstitutionDto,
  type RoleKey,
  type SessionUserDto,
  type UserInstitutionDto,
} from '@rrp/domain';
import { apiFetch, sessionRole } from './api-client';

export interface Affiliation {
  link: UserInstitutionDto | null;
  institution: InstitutionDto | null;
}

/** The user's primary affiliation and its institution, as the app fetches them after login (foundation §7). */
export async function fetchAffiliation(
  user: SessionUserDto,
  as?: { token: string; role: string | null },
): Promise<Affiliation> {
  if (!user.institutionId) return { link: null, institution: null };
  // Roles without a grant on any institution (the Research Match and tissue reviewers, their
  // administrators and tissue project managers) do not ask for it: they go without the
  // institution's ribbon (issue 30.3: a refused call on every sign-in).
  const role = as ? as.role : sessionRole();
  const readsInstitution = mayAttempt(
    { userId: user.id, role: isRoleKey(role) ? role : null, roles: user.roles },
    'read',
    'Institution',
  );
  const [links, institution] = await Promise.all([
    apiFetch<{ results: UserInstitutionDto[] }>('user-institution/', {
      query: { user: user.id, primary: 'true' },
      as,
    }),
    readsInstitution
      ? apiFetch<InstitutionDto>(`institution/${user.institutionId}/`, {
          as,
          handleStatus: [403, 404],
        }).catch(() => null)
      : null,
  ]);
  return { link: links.results[0] ?? null, institution };
}

export function useAffiliation(user: SessionUserDto | null) {
  return useQuery({
    queryKey: ['affiliation', user?.id, user?.institutionId],
    queryFn: () => fetchAffiliation(user!),
    enabled: Boolean(user),
    staleTime: 60_000,
  });
}

const PENDING_OFFICIAL = 1;
const FOLLOW_UP = 5;
const ADDING_NEW_OFFICIAL = 6;
const RDA_FULLY_EXECUTED = 3;
/** Institution statuses in which researchers see the unconfirmed-institution ribbon. */
export const UNCONFIRMED_STATUSES = new Set([1, 2, 5]);

/**
 * Where a user lands after signing in (foundation §2 "Post-login redirects"), or null to go where
 * they were heading. The spec leaves the exact statuses open; docs/decisions.md records these.
 */
export function postLoginPath(
  user: SessionUserDto,
  role: RoleKey | null,
  affiliation: Affiliation,
): string | null {
  const { link, institution } = affiliation;
  if (role === 'sbso' && institution && institution.current_io !== null) {
    const officialId =
      typeof institution.current_io === 'number' ? institution.current_io : institution.current_io.id;
    if (officialId === user.id) {
      if (institution.status === PENDING_OFFICIAL) return '/institution-details';
      if (institution.status === FOLLOW_UP) return `/institution/${institution.id}`;
    }
    return null;
  }
  if (role !== 'primary_researcher') return null;
  if (!user.institutionId) return '/provide-institution';
  if (institution?.status === ADDING_NEW_OFFICIAL) return '/revise-institution-officer';
  if (institution?.rda_status === RDA_FULLY_EXECUTED && link && !link.joinder_date) return '/joinder';
  return null;
}
