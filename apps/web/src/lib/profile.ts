import { useQuery } from '@tanstack/react-query';
import type { UpdateProfile, UserProfileDto } from '@rrp/domain';
import { apiFetch, type ApiRequest } from './api-client';

export const profileQueryKey = (userId: number | undefined) => ['user', userId] as const;

/** A user's profile (GET user/{id}/), as My Profile shows it. */
export function useProfile(userId: number | undefined) {
  return useQuery({
    queryKey: profileQueryKey(userId),
    queryFn: () => apiFetch<UserProfileDto>(`user/${userId}/`),
    enabled: userId !== undefined,
  });
}

/**
 * PATCH user/{id}/ with the changed profile fields (researcher §7). My Profile sends the version
 * it showed (`versionedRequest`); the request wizard's profile answers send none (decision 421).
 */
export const saveProfile = (
  userId: number,
  body: UpdateProfile,
  version: Pick<ApiRequest, 'ifMatch' | 'handleStatus'> = {},
) => apiFetch<UserProfileDto>(`user/${userId}/`, { method: 'PATCH', body, ...version });

/**
 * The profile fields a resource form asks again and that update My Profile when the request is
 * filed (researcher §3 "User profile fields updated from the wizard"). The spec's `phone_numbers`
 * is the profile's main phone number here; `nih_biosketch` belongs to the tissue forms.
 */
const WIZARD_PROFILE_FIELDS = [
  'title',
  'address',
  'city',
  'region',
  'postal_code',
  'country',
  'phone_number',
  'shipping_vendor',
  'shipping_vendor_account_number',
] as const;
type WizardProfileField = (typeof WIZARD_PROFILE_FIELDS)[number];

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The form answers a profile fills in before the researcher types anything. */
export function profileAnswers(profile: UserProfileDto | undefined): Record<string, string> {
  if (!profile) return {};
  return Object.fromEntries(
    WIZARD_PROFILE_FIELDS.filter((field) => filled(profile[field])).map((field) => [field, profile[field]!]),
  );
}

/** The profile fields whose typed answers differ from My Profile: what the wizard saves there. */
export function profileChanges(
  answers: Record<string, unknown>,
  profile: UserProfileDto | undefined,
): Partial<Pick<UpdateProfile, WizardProfileField>> {
  if (!profile) return {};
  return Object.fromEntries(
    WIZARD_PROFILE_FIELDS.filter(
      (field) => filled(answers[field]) && (answers[field] as string).trim() !== (profile[field] ?? ''),
    ).map((field) => [field, (answers[field] as string).trim()]),
  );
}
