import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import type { DonorCondition, IntellectualFunctioning, TissueOrderCase, TissueOrderInput } from '@rrp/domain';
import { files } from './files';
import { requests } from './projects';
import { users } from './users';

/** The stored order form: what was sent, without the request it belongs to. */
export type TissueOrderForm = Omit<TissueOrderInput, 'request_id' | 'request_type'>;

/**
 * The Autism BrainNet tissue network (staff §3 abn_donor / abn_data, abn_cart; researcher §3):
 * donors and their documents and surveys.
 */

const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * A brain donor of the network (staff §3 abn_donor / abn_data). `pilot` donors form the pilot set
 * (abn_data_pilot) that pilot tissue collections are built from; the others the catalogue
 * (decision 231). Rows are written by the importer (`import-donors`) and the demo seed only.
 */
export const abnDonors = pgTable(
  'abn_donors',
  {
    id: serial('id').primaryKey(),
    donorHash: text('donor_hash').notNull(),
    pilot: boolean('pilot').notNull().default(false),
    diagnosis: text('diagnosis').notNull(),
    confirmationStatus: text('confirmation_status').notNull(),
    age: doublePrecision('age'),
    gender: text('gender'),
    leftHemisphere: text('left_hemisphere'),
    rightHemisphere: text('right_hemisphere'),
    brainstem: text('brainstem'),
    tissueQuality: text('tissue_quality'),
    amount: text('amount'),
    detail: text('detail'),
    geneticConditions: jsonb('genetic_conditions').$type<DonorCondition[]>().notNull().default([]),
    sparkGenes: jsonb('spark_genes').$type<DonorCondition[]>().notNull().default([]),
    causeOfDeath: text('cause_of_death'),
    secondaryCauseOfDeath: text('secondary_cause_of_death'),
    respirator: text('respirator'),
    respiratorLength: text('respirator_length'),
    medicalConditions: textList('medical_conditions'),
    psychConditions: textList('psych_conditions'),
    intellectualFunctioning: jsonb('intellectual_functioning').$type<IntellectualFunctioning>(),
    ethnicities: textList('ethnicities'),
    clinicalSummary: text('clinical_summary'),
    flag: text('flag'),
    pmi: doublePrecision('pmi'),
    rin: doublePrecision('rin'),
    brainWeight: doublePrecision('brain_weight'),
    preservation: text('preservation'),
    collectedBrainstemDetail: text('collected_brainstem_detail'),
    /** Under review or not confirmed (staff §5), kept with the status so lists can filter on it. */
    restricted: boolean('restricted').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('abn_donors_donor_hash_key').on(t.donorHash),
    // The catalogue's default order within a set, and its range filters.
    index('abn_donors_pilot_hash_idx').on(t.pilot, t.donorHash),
    index('abn_donors_pilot_age_idx').on(t.pilot, t.age, t.id),
    index('abn_donors_pilot_pmi_idx').on(t.pilot, t.pmi, t.id),
    index('abn_donors_pilot_rin_idx').on(t.pilot, t.rin, t.id),
    index('abn_donors_donor_hash_trgm').using('gin', sql`${t.donorHash} gin_trgm_ops`),
    index('abn_donors_medical_conditions_idx').using('gin', t.medicalConditions),
    index('abn_donors_psych_conditions_idx').using('gin', t.psychConditions),
    index('abn_donors_ethnicities_idx').using('gin', t.ethnicities),
    index('abn_donors_genetic_conditions_idx').using('gin', sql`${t.geneticConditions} jsonb_path_ops`),
    check('abn_donors_age_check', sql`${t.age} IS NULL OR ${t.age} BETWEEN 0 AND 130`),
    check('abn_donors_pmi_check', sql`${t.pmi} IS NULL OR ${t.pmi} BETWEEN 0 AND 200`),
    check('abn_donors_rin_check', sql`${t.rin} IS NULL OR ${t.rin} BETWEEN 0 AND 130`),
  ],
);

/** A donor's documents (staff §3 documents: id, doc_type, doc_type_v); the bytes are a stored file. */
export const abnDonorDocuments = pgTable(
  'abn_donor_documents',
  {
    id: serial('id').primaryKey(),
    donorId: cascadeRef('donor_id', () => abnDonors.id),
    docType: text('doc_type').notNull(),
    /** The document type as people read it. */
    docTypeV: text('doc_type_v').notNull(),
    fileId: cascadeRef('file_id', () => files.id),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('abn_donor_documents_donor_idx').on(t.donorId)],
);

/**
 * A donor's questionnaire (staff §3 surveys; §7 abn_survey): the answers item by item, downloaded
 * as a CSV file.
 */
export const abnDonorSurveys = pgTable(
  'abn_donor_surveys',
  {
    donorId: cascadeRef('donor_id', () => abnDonors.id),
    surveyType: text('survey_type').notNull(),
    answers: jsonb('answers').$type<{ item: string; question: string; answer: string }[]>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.donorId, t.surveyType] })],
);

/**
 * A tissue collection — an inventory cart of donors (staff §3 abn_cart, §4.9): named uniquely per
 * PI, in one donor set (`pilot`), used by at most one request (`request_id`, the one place the link
 * is kept; decision 234).
 */
export const abnCarts = pgTable(
  'abn_carts',
  {
    id: serial('id').primaryKey(),
    piId: cascadeRef('pi_id', () => users.id),
    collectionName: text('collection_name').notNull(),
    pilot: boolean('pilot').notNull().default(false),
    requestId: integer('request_id').references(() => requests.id, { onDelete: 'set null' }),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('abn_carts_pi_name_key').on(t.piId, sql`lower(${t.collectionName})`),
    uniqueIndex('abn_carts_request_key').on(t.requestId),
    index('abn_carts_modified_idx').on(t.modified.desc(), t.id),
  ],
);

/** The donors of a collection, in the order they were added. */
export const abnCartDonors = pgTable(
  'abn_cart_donors',
  {
    cartId: cascadeRef('cart_id', () => abnCarts.id),
    donorId: cascadeRef('donor_id', () => abnDonors.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.donorId] }), index('abn_cart_donors_donor_idx').on(t.donorId)],
);

/** A tissue criterion's score: 0 to 50 in steps of 5 when given (staff §5, §9). */
const tissueScore = (name: string) => smallint(`${name}_score`);
const tissueScoreCheck = (name: string) =>
  sql.raw(`"${name}_score" IS NULL OR ("${name}_score" BETWEEN 0 AND 50 AND "${name}_score" % 5 = 0)`);
const comment = (name: string) => text(`${name}_comment`).notNull().default('');

/**
 * A reviewer's review of a pilot tissue or tissue request (staff §2.6, §3 review's tissue criteria,
 * §4.3; decision 238: its own table, not Research Match's `reviews`). Begin Review creates one per
 * assigned reviewer with the due date; the reviewer fills it in while the request is Under Review.
 */
export const tissueReviews = pgTable(
  'tissue_reviews',
  {
    id: serial('id').primaryKey(),
    requestId: cascadeRef('request_id', () => requests.id),
    reviewerId: cascadeRef('reviewer_id', () => users.id),
    dueDate: timestamp('due_date', { withTimezone: true }),
    importanceScore: tissueScore('importance'),
    importanceComment: comment('importance'),
    autismUnderstandingScore: tissueScore('autism_understanding'),
    autismUnderstandingComment: comment('autism_understanding'),
    novelScore: tissueScore('novel'),
    novelComment: comment('novel'),
    designScore: tissueScore('design'),
    designComment: comment('design'),
    alternativesScore: tissueScore('alternatives'),
    alternativesComment: comment('alternatives'),
    preliminaryDataScore: tissueScore('preliminary_data'),
    preliminaryDataComment: comment('preliminary_data'),
    expertiseScore: tissueScore('expertise'),
    expertiseComment: comment('expertise'),
    fundingComment: comment('funding'),
    missingInfoComment: comment('missing_info'),
    recommendationComment: comment('recommendation'),
    /** When the reviewer pressed Submit Review (the review stays editable while under review). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tissue_reviews_request_reviewer_key').on(t.requestId, t.reviewerId),
    index('tissue_reviews_reviewer_idx').on(t.reviewerId),
    ...[
      'importance',
      'autism_understanding',
      'novel',
      'design',
      'alternatives',
      'preliminary_data',
      'expertise',
    ].map((name) => check(`tissue_reviews_${name}_score_check`, tissueScoreCheck(name))),
  ],
);

/**
 * Orders of pilot tissue and tissue requests that BINS accepted (researcher §3 Tissue order, §7
 * abn_bins_upload): the request's `bins_data`, newest first; a row is written only once BINS has
 * taken the order, so an outage leaves nothing behind (decision 243).
 */
export const abnOrders = pgTable(
  'abn_orders',
  {
    id: serial('id').primaryKey(),
    requestId: cascadeRef('request_id', () => requests.id),
    /** BINS's id of the order. */
    binsOrderId: text('bins_order_id').notNull(),
    /** The order form as sent (name, e-mail, address, phones, donors and their rows). */
    order: jsonb('order').$type<TissueOrderForm>().notNull(),
    /** The cases BINS answered for the order's rows. */
    cases: jsonb('cases').$type<TissueOrderCase[]>().notNull().default([]),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('abn_orders_request_idx').on(t.requestId, t.created.desc(), t.id.desc())],
);
