import type { UserProfileDto } from '@rrp/domain';

const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'title',
  'phone_number',
  'address',
  'city',
  'region',
  'postal_code',
  'country',
  'shipping_vendor_account_number',
  'globus_username',
  'orcid',
] as const;

/** My Profile's form values: empty text is '' (the inputs' value), as the form sends it. */
export type ProfileValues = Record<(typeof TEXT_FIELDS)[number], string> & {
  shipping_vendor: string | null;
  emails: string[];
  phone_numbers: string[];
  reminder_email_opted_in: boolean;
};

/** The label of each field of My Profile: on its input, and in the conflict dialog. */
export const PROFILE_FIELD_LABELS: Record<keyof ProfileValues, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  title: 'Title',
  emails: 'Other email addresses',
  phone_number: 'Phone number',
  phone_numbers: 'Other phone numbers',
  address: 'Address',
  city: 'City',
  region: 'State or region',
  postal_code: 'Postal code',
  country: 'Country',
  shipping_vendor: 'Shipping vendor',
  shipping_vendor_account_number: 'Shipping account number',
  globus_username: 'Globus username',
  orcid: 'ORCID iD',
  reminder_email_opted_in: 'E-mail me reminders about work waiting for me',
};

export function profileValuesOf(profile: UserProfileDto): ProfileValues {
  const values = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, profile[field] ?? '']),
  ) as unknown as ProfileValues;
  return {
    ...values,
    shipping_vendor: profile.shipping_vendor,
    emails: profile.emails,
    phone_numbers: profile.phone_numbers,
    reminder_email_opted_in: profile.reminder_email_opted_in ?? true,
  };
}

/** The form before its profile is read. */
export const EMPTY_PROFILE_VALUES = profileValuesOf({
  ...({} as UserProfileDto),
  emails: [],
  email_addresses: [],
  phone_numbers: [],
  shipping_vendor: null,
});

/** Only what changed is sent (researcher §7 "PATCH user/{id} with changed profile fields"). */
export function profileChangesOf(before: ProfileValues, after: ProfileValues): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(after).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof ProfileValues]),
    ),
  );
}

/**
 * The conflict dialog's two sides of a profile save (issue 33): the changed fields it sends, and
 * the profile as it is now (null: gone) as the form would show it, so like is compared with like.
 */
export function profileConflictSides(body: Record<string, unknown>, current: Record<string, unknown> | null) {
  return {
    mine: body,
    theirs: current ? profileValuesOf(current as unknown as UserProfileDto) : {},
  };
}
