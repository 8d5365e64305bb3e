import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListSpec } from '../../platform/list';
import { files, projects, researchTeamMembers, users } from '../../db/schema';

// The list's to-one joins, aliased so that they never clash with the page query's own joins.
const listOwner = alias(users, 'list_owner');
const listIrb = alias(files, 'list_irb');

/** GET project/: researcher §2 "Lists" (default sort title ascending; staff search and filters). */
export const projectList: ListSpec = {
  id: projects.id,
  filters: {
    id: { type: 'int', column: projects.id, lookups: ['exact', 'in'] },
    owner: { type: 'int', column: projects.ownerId, lookups: ['exact', 'in'] },
    institution: { type: 'int', column: projects.institutionId, lookups: ['exact', 'in', 'isnull'] },
    portal_project_id: { type: 'text', column: projects.portalProjectId, lookups: ['exact', 'in'] },
    title: { type: 'text', column: projects.title, lookups: ['exact', 'icontains'] },
    non_autism_research: { type: 'bool', column: projects.nonAutismResearch },
    latest_irb: { type: 'int', column: projects.latestIrbId, lookups: ['exact', 'isnull'] },
    created: { type: 'date', column: projects.created },
    modified: { type: 'date', column: projects.modified },
  },
  ordering: {
    id: projects.id,
    title: projects.title,
    portal_project_id: projects.portalProjectId,
    created: projects.created,
    modified: projects.modified,
    irb_renewal_date: sql`${listIrb.additionalData} ->> 'renewal_date'`,
    owner: listOwner.lastName,
  },
  defaultOrdering: ['title'],
  search: [projects.title, projects.abstract, projects.portalProjectId],
  joins: [
    { table: listOwner, on: eq(listOwner.id, projects.ownerId), innerFor: ['owner'] },
    { table: listIrb, on: eq(listIrb.id, projects.latestIrbId) },
  ],
  expand: ['owner', 'latest_irb', 'institution', 'creator'],
};

/** GET research-team/: the PI first, then by name. Removed members are listed to staff only. */
export const teamList: ListSpec = {
  id: researchTeamMembers.id,
  filters: {
    project_id: { type: 'int', column: researchTeamMembers.projectId, lookups: ['exact', 'in'] },
    user_id: { type: 'int', column: researchTeamMembers.userId, lookups: ['exact', 'in', 'isnull'] },
    email: { type: 'text', column: researchTeamMembers.email, lookups: ['exact', 'icontains'] },
    active: { type: 'bool', column: researchTeamMembers.active },
    removal_date: { type: 'date', column: researchTeamMembers.removalDate },
  },
  ordering: {
    id: researchTeamMembers.id,
    user_role: researchTeamMembers.userRole,
    last_name: researchTeamMembers.lastName,
    created: researchTeamMembers.created,
    removal_date: researchTeamMembers.removalDate,
  },
  defaultOrdering: ['removal_date', 'user_role', 'last_name'],
  search: [researchTeamMembers.email, researchTeamMembers.firstName, researchTeamMembers.lastName],
  expand: ['institution'],
};
