import { randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { scheduledJobs } from '../../db/schema';
import type { Db } from '../db/database';

/** A periodic job: its name (the schedule's key), how often it runs, and what it does. */
interface Job {
  name: string;
  everyMinutes: number;
  run(now: Date): Promise<void>;
}

type Logger = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * Runs periodic jobs once per slot however many server instances poll (decision 272). The
 * schedule lives in PostgreSQL (`scheduled_jobs`): an instance runs a job only if its own
 * `UPDATE … WHERE next_run_at <= now()` moved the next run past now — the database lets exactly
 * one such statement win for each due slot. The same claim on PGlite (one process) and on a
 * PostgreSQL server shared by several. A run that dies half-way is not retried before the next
 * slot: jobs are written to be run again safely.
 */
export class JobScheduler {
  private readonly jobs = new Map<string, Job>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<string[]> | null = null;
  private readonly instanceId: string;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    options: { instanceId?: string } = {},
  ) {
    this.instanceId = options.instanceId ?? randomUUID();
  }

  /** Adds a job; its first run is due at once. */
  register(job: Job): void {
    this.jobs.set(job.name, job);
  }

  /**
   * Runs every registered job whose slot is due and that this instance claims; concurrent calls
   * share one pass. Answers the names of the jobs this instance ran.
   */
  runDue(): Promise<string[]> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Polls for due jobs (each instance; the claim keeps runs single). */
  start(pollMs = 60_000): void {
    void this.runDue().catch(() => undefined);
    this.timer = setInterval(() => void this.runDue().catch(() => undefined), pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs.values()) {
      if (!(await this.claim(job))) continue;
      const started = new Date();
      try {
        await job.run(started);
        await this.finish(job, null);
        ran.push(job.name);
      } catch (error) {
        const message = (error as Error).message.slice(0, 500);
        await this.finish(job, message).catch(() => undefined);
        this.log.warn({ job: job.name, error: message }, 'scheduled job failed');
      }
    }
    return ran;
  }

  /** Takes the job's due slot: true for the one instance whose statement moved the schedule on. */
  private async claim(job: Job): Promise<boolean> {
    await this.db.insert(scheduledJobs).values({ name: job.name }).onConflictDoNothing();
    const claimed = await this.db
      .update(scheduledJobs)
      .set({
        nextRunAt: sql`now() + make_interval(mins => ${job.everyMinutes})`,
        claimedBy: this.instanceId,
        lastStartedAt: sql`now()`,
      })
      .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, sql`now()`)))
      .returning({ name: scheduledJobs.name });
    return claimed.length === 1;
  }

  private async finish(job: Job, error: string | null): Promise<void> {
    await this.db
      .update(scheduledJobs)
      .set({ lastFinishedAt: sql`now()`, lastError: error })
      .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.claimedBy, this.instanceId)));
  }

  /** Makes a job due now (tests; an operator's "run it now"). */
  async dueNow(name: string): Promise<void> {
    await this.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now()` })
      .where(eq(scheduledJobs.name, name));
  }
}
