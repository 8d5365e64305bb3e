import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import { institutionStatuses } from './reference';
import { users } from './users';

export const institutions = pgTable(
  'institutions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    officialName: text('official_name').notNull().default(''),
    ein: text('ein'),
    nonprofit: boolean('nonprofit').notNull().default(true),
    domains: text('domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    statusId: integer('status_id')
      .notNull()
      .references(() => institutionStatuses.id),
    phoneNumber: text('phone_number'),
    currentIoId: integer('current_io_id').references(() => users.id, { onDelete: 'set null' }),
    /** The file id of the current RDA; the RDA itself arrives with the institutions work. */
    currentRdaId: integer('current_rda_id'),
    comments: text('comments'),
    /** Other names the institution is known by; searched with the name and the EIN. */
    associatedNames: text('associated_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Staff acknowledged the institution's compliance state (staff §4.6). */
    adminAcknowledge: boolean('admin_acknowledge').notNull().default(false),
    /** When the signing official last completed the annual researcher review. */
    lastAnnualReviewAt: timestamp('last_annual_review_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('institutions_status_idx').on(t.statusId),
    // A signing official's Users page: the members of the institutions they sign for.
    index('institutions_current_io_idx').on(t.currentIoId),
    // The institution list's default order, and request lists ordered by institution.
    index('institutions_name_idx').on(t.name, t.id),
    index('institutions_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    uniqueIndex('institutions_ein_key')
      .on(t.ein)
      .where(sql`${t.ein} is not null`),
  ],
);

export const userInstitutions = pgTable(
  'user_institutions',
  {
    id: serial('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    institutionId: cascadeRef('institution_id', () => institutions.id),
    primary: boolean('primary').notNull().default(true),
    verified: boolean('verified').notNull().default(false),
    lastChecked: timestamp('last_checked', { withTimezone: true }),
    removalReason: text('removal_reason'),
    joinderDate: timestamp('joinder_date', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_institutions_user_idx').on(t.userId),
    index('user_institutions_institution_idx').on(t.institutionId),
  ],
);

/** An invitation e-mailed to a proposed signing official; only the token's hash is stored. */
export const officialInvitations = pgTable(
  'official_invitations',
  {
    id: serial('id').primaryKey(),
    institutionId: cascadeRef('institution_id', () => institutions.id),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'withdrawn'] })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('official_invitations_token_key').on(t.tokenHash),
    index('official_invitations_institution_idx').on(t.institutionId),
  ],
);
