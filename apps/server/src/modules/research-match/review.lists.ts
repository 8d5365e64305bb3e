import { sql, type SQL } from 'drizzle-orm';
import type { ListSpec } from '../../platform/list';
import { reviewConflicts, reviews } from '../../db/schema';

/** A condition on the reviewed request (its type), through the requests primary key. */
const throughRequest = (condition: SQL) =>
  sql`exists (select 1 from requests reviewed where reviewed.id = "reviews"."request_id" and ${condition})`;

/**
 * GET review/ (staff §7 "GET review: by request, reviewer, req_type, expand"): indexed by request
 * (the unique key leads with it) and by reviewer and quarter.
 */
export const reviewList: ListSpec = {
  id: reviews.id,
  filters: {
    id: { type: 'int', column: reviews.id, lookups: ['exact', 'in'] },
    request: { type: 'int', column: reviews.requestId, lookups: ['exact', 'in'] },
    reviewer: { type: 'int', column: reviews.reviewerId, lookups: ['exact', 'in'] },
    reviewer_role: { type: 'int', column: reviews.reviewerRole, lookups: ['exact', 'in'] },
    req_type: {
      type: 'int',
      column: sql`reviewed.type_id`,
      through: throughRequest,
      lookups: ['exact', 'in'],
    },
    quarter: { type: 'text', column: reviews.quarter, lookups: ['exact', 'in'] },
    cycle: { type: 'int', column: reviews.cycle, lookups: ['exact', 'in', 'gte', 'lte'] },
    created: { type: 'date', column: reviews.created },
    modified: { type: 'date', column: reviews.modified },
  },
  ordering: {
    id: reviews.id,
    created: reviews.created,
    modified: reviews.modified,
    quarter: reviews.quarter,
    reviewer_role: reviews.reviewerRole,
  },
  defaultOrdering: ['-modified'],
  expand: ['reviewer', 'request'],
};

/** GET conflict/ (staff §7 "GET by user and request"). */
export const conflictList: ListSpec = {
  id: reviewConflicts.id,
  filters: {
    id: { type: 'int', column: reviewConflicts.id, lookups: ['exact', 'in'] },
    request: { type: 'int', column: reviewConflicts.requestId, lookups: ['exact', 'in'] },
    user: { type: 'int', column: reviewConflicts.userId, lookups: ['exact', 'in'] },
    conflict_exists: { type: 'bool', column: reviewConflicts.conflictExists, lookups: ['exact'] },
    created: { type: 'date', column: reviewConflicts.created },
  },
  ordering: { id: reviewConflicts.id, created: reviewConflicts.created, modified: reviewConflicts.modified },
  defaultOrdering: ['-created'],
  expand: ['user'],
};
