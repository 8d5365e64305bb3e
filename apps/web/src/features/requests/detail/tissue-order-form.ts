import {
  tissueOrderInputSchema,
  type TissueOrderDto,
  type TissueOrderInput,
  type TissueOrderChoice,
  type UserProfileDto,
} from '@rrp/domain';

/** One row of the order form: a donor of the collection and what to send of it. */
interface OrderRowValues {
  key: string;
  donor_hash: string;
  hemisphere: TissueOrderChoice | '';
  description: string;
  record_id: string | null;
}

/** The order form's values (researcher §3 Tissue order); donors as rows, phones as a list. */
export interface OrderFormValues {
  name: string;
  email: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone_numbers: string[];
  rows: OrderRowValues[];
}

let rowSequence = 0;
export const newRow = (donorHash = ''): OrderRowValues => ({
  key: `row-${(rowSequence += 1)}`,
  donor_hash: donorHash,
  hemisphere: '',
  description: '',
  record_id: null,
});

export const emptyOrder = (): OrderFormValues => ({
  name: '',
  email: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  state: '',
  postal_code: '',
  country: '',
  phone_numbers: [''],
  rows: [newRow()],
});

/** A BINS order holds at most this many phone numbers (the schema's limit). */
const MAX_PHONES = 5;

const answer = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * A new order starts filled with whom the tissue goes to: the shipping answers of the request's
 * tissue form (recipient, address, phone), then the owner's profile for what they left out (e-mail,
 * name, address, phones). The address is taken whole from one of the two, so a street from the
 * request never meets a city from the profile.
 */
export function orderDefaults(
  answers: Record<string, unknown>,
  owner: Partial<UserProfileDto> | undefined,
): OrderFormValues {
  const place: Record<string, unknown> = answer(answers.address) ? answers : (owner ?? {});
  const phones = [
    answers.phone_number,
    owner?.phone_number,
    ...(Array.isArray(owner?.phone_numbers) ? owner.phone_numbers : []),
  ]
    .map(answer)
    .filter(Boolean);
  const unique = [...new Set(phones)].slice(0, MAX_PHONES);
  return {
    ...emptyOrder(),
    name: answer(answers.full_name) || answer(owner?.full_name),
    email: answer(owner?.email),
    address_line_1: answer(place.address),
    city: answer(place.city),
    state: answer(place.region),
    postal_code: answer(place.postal_code),
    country: answer(place.country),
    phone_numbers: unique.length ? unique : [''],
  };
}

/** The form filled with an order sent before ("Edit previous order"). */
export function valuesOfOrder(order: TissueOrderDto): OrderFormValues {
  return {
    name: order.name,
    email: order.email,
    address_line_1: order.address_line_1,
    address_line_2: order.address_line_2,
    city: order.city,
    state: order.state,
    postal_code: order.postal_code,
    country: order.country,
    phone_numbers: order.phone_numbers.length > 0 ? [...order.phone_numbers] : [''],
    rows: Object.entries(order.donors).flatMap(([hash, rows]) =>
      rows.map((row) => ({
        ...newRow(hash),
        hemisphere: row.hemisphere as TissueOrderChoice,
        description: row.description,
        record_id: row.record_id ?? null,
      })),
    ),
  };
}

/** What POST/PATCH abn_bins_upload take: the rows grouped by donor, in the order they were added. */
export function orderPayload(requestId: number, values: OrderFormValues): TissueOrderInput {
  const { rows, phone_numbers, ...contact } = values;
  const donors: TissueOrderInput['donors'] = {};
  for (const row of rows) {
    if (!row.donor_hash) continue;
    (donors[row.donor_hash] ??= []).push({
      hemisphere: row.hemisphere as TissueOrderChoice,
      description: row.description,
      ...(row.record_id ? { record_id: row.record_id } : {}),
    });
  }
  return {
    ...contact,
    request_id: requestId,
    request_type: 'Tissue',
    phone_numbers: phone_numbers.map((phone) => phone.trim()).filter(Boolean),
    donors,
  };
}

/**
 * The form's errors by field, from the same schema the server checks, so the messages match:
 * donor issues go to the row they came from, phone issues to their input.
 */
export function validateOrder(requestId: number, values: OrderFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  values.rows.forEach((row, index) => {
    if (!row.donor_hash) errors[`rows.${index}.donor_hash`] = 'Choose a donor of the collection.';
  });
  const payload = orderPayload(requestId, values);
  const parsed = tissueOrderInputSchema.safeParse(payload);
  if (parsed.success) return errors;
  // Rows of each donor in the form, so "donors.<hash>.<i>" finds its row.
  const rowsOf = new Map<string, number[]>();
  values.rows.forEach((row, index) => {
    if (row.donor_hash) rowsOf.set(row.donor_hash, [...(rowsOf.get(row.donor_hash) ?? []), index]);
  });
  const filledPhones = values.phone_numbers.flatMap((phone, index) => (phone.trim() ? [index] : []));
  for (const issue of parsed.error.issues) {
    const [field, second, third, fourth] = issue.path.map(String);
    let key: string = field ?? 'rows';
    if (field === 'phone_numbers')
      key = second !== undefined ? `phone_numbers.${filledPhones[Number(second)] ?? 0}` : 'phone_numbers.0';
    else if (field === 'donors') {
      const index = second !== undefined ? rowsOf.get(second)?.[Number(third ?? 0)] : undefined;
      key = index === undefined ? 'rows' : `rows.${index}.${fourth ?? 'hemisphere'}`;
    }
    errors[key] ??= issue.message;
  }
  return errors;
}
