import { type AnyPgColumn, integer } from 'drizzle-orm/pg-core';

/**
 * A required reference to another table's row that goes when that row goes (ON DELETE CASCADE):
 * how a join table or an owned child row points at its owner.
 */
export const cascadeRef = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });
