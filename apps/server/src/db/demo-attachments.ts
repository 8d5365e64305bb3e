import type { IrbData } from '@rrp/domain';
import type { DbOrTx } from '../platform/db/database';
import type { institutions } from './schema';

/**
 * The app's services the demo seeds store documents through, handed in by whoever seeds (the
 * server, the tests): the seeds stay plain data and do not build the files service themselves.
 */

/** Stores an IRB letter for a demo project and makes it the project's latest IRB (the app's files service). */
export type AttachDemoIrb = (
  tx: DbOrTx,
  input: { projectId: number; ownerId: number; title: string; irb: IrbData },
) => Promise<unknown>;

/** Gives an institution the default RDA document (the app's files service). */
export type AttachDefaultRda = (
  tx: DbOrTx,
  institution: typeof institutions.$inferSelect,
) => Promise<typeof institutions.$inferSelect>;
