import { eq, gt, gte, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { canonicalId } from '@rrp/domain';
import type { FilterDef, ListSpec, Lookup } from '../../platform/list';
import { abnCartDonors, abnDonors } from '../../db/schema';

/** A comma list of a filter's values (empty values dropped). */
const values = (raw: string) =>
  raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * A measurement (age in years, PMI in hours, RIN, brain weight in grams): decimals allowed, so
 * the list's whole-number `int` filters do not fit.
 */
function measurement(column: AnyColumn): FilterDef {
  return {
    type: 'int',
    column,
    lookups: ['exact', 'gte', 'lte', 'gt', 'lt', 'isnull'],
    build: (lookup: Lookup, raw: string) => {
      if (lookup === 'isnull') {
        if (!/^(true|false|1|0)$/i.test(raw.trim())) throw new Error('Enter true or false.');
        return /^(true|1)$/i.test(raw.trim()) ? isNull(column) : isNotNull(column);
      }
      const value = Number(raw.trim());
      if (raw.trim() === '' || !Number.isFinite(value) || Math.abs(value) > 1e6)
        throw new Error('Enter a number.');
      const compare = { exact: eq, gte, lte, gt, lt }[lookup as 'exact' | 'gte' | 'lte' | 'gt' | 'lt'];
      return compare(column, value);
    },
  };
}

/** A list column: `x=a` holds a, `x__in=a,b` holds any of them (through its GIN index). */
function listOf(column: AnyColumn): FilterDef {
  return {
    type: 'text',
    column,
    lookups: ['exact', 'in'],
    build: (lookup: Lookup, raw: string) => {
      const items = lookup === 'in' ? values(raw) : [raw.trim()];
      if (items.length === 0) return sql`false`;
      const array = sql`ARRAY[${sql.join(
        items.map((item) => sql`${item}`),
        sql`, `,
      )}]::text[]`;
      return lookup === 'in' ? sql`${column} && ${array}` : sql`${column} @> ${array}`;
    },
  };
}

/** Genetic conditions (`[{condition, source}]`): the donor has one of the named conditions. */
const geneticConditions: FilterDef = {
  type: 'text',
  column: abnDonors.geneticConditions,
  lookups: ['exact', 'in'],
  build: (lookup: Lookup, raw: string) => {
    const items = lookup === 'in' ? values(raw) : [raw.trim()];
    if (items.length === 0) return sql`false`;
    return or(
      ...items.map(
        (item) =>
          sql`${abnDonors.geneticConditions} @> ${JSON.stringify([{ condition: item }])}::jsonb` as SQL,
      ),
    )!;
  },
};

const choice = (column: AnyColumn): FilterDef => ({
  type: 'text',
  column,
  lookups: ['exact', 'in', 'isnull'],
});

/**
 * GET abn_data/ and abn_data_pilot/ (staff §7, §2.8): the filter panel's filters (staff §5 bounds:
 * age 0–130, PMI 0–200, RIN 0–130), ordering and search by donor hash, in SQL.
 */
export const donorList: ListSpec = {
  id: abnDonors.id,
  filters: {
    id: { type: 'int', column: abnDonors.id, lookups: ['exact', 'in'] },
    donor_hash: { type: 'text', column: abnDonors.donorHash, lookups: ['exact', 'in', 'icontains'] },
    diagnosis: choice(abnDonors.diagnosis),
    confirmation_status: { ...choice(abnDonors.confirmationStatus), lookups: ['exact', 'in', 'icontains'] },
    gender: choice(abnDonors.gender),
    left_hemisphere: choice(abnDonors.leftHemisphere),
    right_hemisphere: choice(abnDonors.rightHemisphere),
    brainstem: choice(abnDonors.brainstem),
    tissue_quality: choice(abnDonors.tissueQuality),
    preservation: choice(abnDonors.preservation),
    respirator: choice(abnDonors.respirator),
    cause_of_death: choice(abnDonors.causeOfDeath),
    flag: choice(abnDonors.flag),
    restricted: { type: 'bool', column: abnDonors.restricted },
    age: measurement(abnDonors.age),
    pmi: measurement(abnDonors.pmi),
    rin: measurement(abnDonors.rin),
    brain_weight: measurement(abnDonors.brainWeight),
    medical_conditions: listOf(abnDonors.medicalConditions),
    psych_conditions: listOf(abnDonors.psychConditions),
    ethnicities: listOf(abnDonors.ethnicities),
    genetic_conditions: geneticConditions,
    // The donors of one collection (collection mode); the service checks the caller may read it.
    cart: {
      type: 'int',
      column: abnDonors.id,
      lookups: ['exact'],
      build: (_lookup: Lookup, raw: string) => {
        if (canonicalId(raw) === undefined) throw new Error('Enter a whole number.');
        return sql`${abnDonors.id} IN (SELECT ${abnCartDonors.donorId} FROM ${abnCartDonors} WHERE ${abnCartDonors.cartId} = ${Number(raw.trim())})`;
      },
    },
  },
  ordering: {
    id: abnDonors.id,
    donor_hash: abnDonors.donorHash,
    diagnosis: abnDonors.diagnosis,
    confirmation_status: abnDonors.confirmationStatus,
    age: abnDonors.age,
    gender: abnDonors.gender,
    left_hemisphere: abnDonors.leftHemisphere,
    right_hemisphere: abnDonors.rightHemisphere,
    brainstem: abnDonors.brainstem,
    tissue_quality: abnDonors.tissueQuality,
    pmi: abnDonors.pmi,
    rin: abnDonors.rin,
    brain_weight: abnDonors.brainWeight,
    preservation: abnDonors.preservation,
    cause_of_death: abnDonors.causeOfDeath,
  },
  defaultOrdering: ['donor_hash'],
  search: [abnDonors.donorHash],
};
