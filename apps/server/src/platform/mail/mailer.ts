import type { DbOrTx } from '../db/database';
import type { MailOutbox } from './outbox';
import { queueEmail, type OutgoingEmail } from './outbox';

/**
 * What services use to send mail: `queue` inside the transaction of the change, then `flush`
 * after it commits to start delivery at once rather than at the next poll.
 */
export interface Mailer {
  queue(tx: DbOrTx, email: OutgoingEmail): Promise<number>;
  flush(): void;
}

export function outboxMailer(outbox: MailOutbox, log: { warn(obj: object, msg: string): void }): Mailer {
  return {
    queue: queueEmail,
    flush() {
      outbox
        .deliverDue()
        .catch((error: unknown) => log.warn({ error: (error as Error).message }, 'mail flush failed'));
    },
  };
}
