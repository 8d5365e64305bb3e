import type { DbOrTx } from '../db/database';
import type { MailOutbox } from './outbox';
import { queueEmail, type OutgoingEmail } from './outbox';

/**
 * What services use to send mail: `queue` inside the transaction of the change. Delivery starts
 * after the change commits, from one place: the app's after-commit hook calls `flushIfQueued`
 * once the answer is sent (and the job scheduler after a run), rather than at the next poll.
 */
export interface Mailer {
  queue(tx: DbOrTx, email: OutgoingEmail): Promise<number>;
  /** Starts delivery at once if anything was queued since the last call. */
  flushIfQueued(): void;
}

export function outboxMailer(outbox: MailOutbox, log: { warn(obj: object, msg: string): void }): Mailer {
  let queuedSinceFlush = false;
  return {
    async queue(tx, email) {
      const id = await queueEmail(tx, email);
      queuedSinceFlush = true;
      return id;
    },
    flushIfQueued() {
      if (!queuedSinceFlush) return;
      queuedSinceFlush = false;
      outbox
        .deliverDue()
        .catch((error: unknown) => log.warn({ error: (error as Error).message }, 'mail flush failed'));
    },
  };
}
