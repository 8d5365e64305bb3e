import type { AnyColumn } from 'drizzle-orm';
import type { ListSpec } from '../../platform/list';
import { userEmails, userPhones } from '../../db/schema';

/** A list of rows that belong to one user each, filtered by `user` (foundation §7 `?user=`). */
function contactListSpec(id: AnyColumn, userId: AnyColumn): ListSpec {
  return {
    id,
    filters: {
      id: { type: 'int', column: id, lookups: ['exact', 'in'] },
      user: { type: 'int', column: userId, lookups: ['exact', 'in'] },
    },
    ordering: { id },
    defaultOrdering: ['id'],
  };
}

/** GET user-email/?user= (foundation §7): a user's further e-mail addresses. */
export const userEmailList = contactListSpec(userEmails.id, userEmails.userId);
/** GET user-phone/?user= (foundation §7, staff §7): a user's phone numbers. */
export const userPhoneList = contactListSpec(userPhones.id, userPhones.userId);
