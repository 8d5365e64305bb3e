import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import { groups } from './reference';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /**
     * A new sign-in address waiting to be confirmed from its mailbox (decision 307); `email`
     * changes only when the link sent there is followed.
     */
    pendingEmail: text('pending_email'),
    /** Null for accounts migrated without a password (login answers NO_PASSWORD). */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    title: text('title'),
    phoneNumber: text('phone_number'),
    orcid: text('orcid'),
    primaryRole: text('primary_role'),
    verified: boolean('verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    abnApproved: boolean('abn_approved').notNull().default(false),
    suspendedRequestId: integer('suspended_request_id'),
    /** Bumped by logout and password reset: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    address: text('address'),
    city: text('city'),
    region: text('region'),
    postalCode: text('postal_code'),
    country: text('country'),
    shippingVendor: text('shipping_vendor'),
    shippingVendorAccountNumber: text('shipping_vendor_account_number'),
    globusUsername: text('globus_username'),
    /** Staff notes on the user, kept from the admin user form (foundation §3 user.comments). */
    comments: text('comments'),
    /** Free-form extras the admin form sets, e.g. `user_type` (staff §7 PATCH user). */
    additionalData: jsonb('additional_data').$type<{ user_type?: string | null }>().notNull().default({}),
    /** The staff member who created the account on the admin form; null for self-registration. */
    createdById: integer('created_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Reminders about stalled work are e-mailed to the user; My Profile turns them off (decision 274). */
    reminderEmailOptedIn: boolean('reminder_email_opted_in').notNull().default(true),
    agreedToTermsAt: timestamp('agreed_to_terms_at', { withTimezone: true }),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // The user list's default order, and request lists ordered by owner.
    index('users_last_name_idx').on(t.lastName, t.firstName, t.id),
    index('users_name_trgm').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    // The user list's other orderings and its `__icontains` filters (docs/ARCHITECTURE.md, lists at scale).
    index('users_first_name_idx').on(t.firstName, t.id),
    index('users_email_idx').on(t.email, t.id),
    index('users_last_login_idx').on(t.lastLogin, t.id),
    index('users_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_first_name_trgm').using('gin', sql`${t.firstName} gin_trgm_ops`),
    index('users_last_name_trgm').using('gin', sql`${t.lastName} gin_trgm_ops`),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: cascadeRef('user_id', () => users.id),
    groupId: cascadeRef('group_id', () => groups.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);

/** Single-use tokens sent by e-mail; only their SHA-256 is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    purpose: text('purpose', {
      enum: ['verify-email', 'reset-password', 'verify-added-email', 'confirm-email-change'],
    }).notNull(),
    /** The added address a `verify-added-email` link proves; the link dies with the address. */
    userEmailId: integer('user_email_id').references((): AnyPgColumn => userEmails.id, {
      onDelete: 'cascade',
    }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_key').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId)],
);

/** Further e-mail addresses and phone numbers of a user (GET user-email?user=, user-phone?user=). */
export const userEmails = pgTable(
  'user_emails',
  {
    id: serial('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    email: text('email').notNull(),
    primary: boolean('primary').notNull().default(false),
    /**
     * When the owner followed the link e-mailed to this address. Until then the address counts
     * for nothing: no research-team row binds to it (decision 107).
     */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    index('user_emails_user_idx').on(t.userId),
    uniqueIndex('user_emails_user_email_key').on(t.userId, sql`lower(${t.email})`),
    // The user list's `emails__email__icontains` and its search over further addresses.
    index('user_emails_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    // An address is proved for one account at most.
    uniqueIndex('user_emails_verified_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

export const userPhones = pgTable(
  'user_phones',
  {
    id: serial('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    phoneNumber: text('phone_number').notNull(),
    primary: boolean('primary').notNull().default(false),
  },
  (t) => [index('user_phones_user_idx').on(t.userId)],
);
