import { boolean, integer, pgTable, serial, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';

/** A fixed lookup table whose ids are the spec's (statuses, types, kinds). */
const lookup = (name: string) =>
  pgTable(name, {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
  });

export const requestStatuses = lookup('request_statuses');
export const requestTypes = lookup('request_types');
export const institutionStatuses = lookup('institution_statuses');
export const rdaStatuses = lookup('rda_statuses');
export const resourceKinds = lookup('resource_kinds');
export const resourceSources = lookup('resource_sources');

/** Roles are auth groups; `name` is the group key (e.g. `portal_admin`). */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('groups_name_key').on(t.name)],
);

export const roleExclusions = pgTable(
  'role_exclusions',
  {
    role: text('role').notNull(),
    excludedRole: text('excluded_role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.excludedRole] })],
);

export const cohorts = pgTable(
  'cohorts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    welcomePacket: text('welcome_packet'),
  },
  (t) => [uniqueIndex('cohorts_name_key').on(t.name)],
);

/** Named list of choices, ordered by `position` (research-team roles, shipping vendors). */
const choiceList = (name: string) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      name: text('name').notNull(),
      position: integer('position').notNull(),
    },
    (t) => [uniqueIndex(`${name}_name_key`).on(t.name)],
  );

export const researchTeamRoles = choiceList('research_team_roles');
export const shippingVendors = choiceList('shipping_vendors');

export const featureToggles = pgTable(
  'feature_toggles',
  {
    id: serial('id').primaryKey(),
    featureCode: text('feature_code').notNull(),
    enabled: boolean('enabled').notNull().default(false),
  },
  (t) => [uniqueIndex('feature_toggles_code_key').on(t.featureCode)],
);

export const metaData = pgTable('meta_data', {
  id: serial('id').primaryKey(),
  version: text('version').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});
