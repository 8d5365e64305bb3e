import type { Browser } from '@playwright/test';
import { openActorPage, type ActorPage } from './actor-page';
import type { WalkActor } from './actors';
import type { WalkRow } from './record';

/**
 * How many screens a walk file visits at once. A visit is mostly waiting (for the page to settle,
 * through the idle window in which its calls are counted), so visits side by side overlap their
 * waits; each still has a page and a browser context of its own and every check it has alone.
 */
const SLOTS = Math.max(1, Number(process.env.E2E_WALK_SLOTS ?? 3));

let loading: Promise<unknown> = Promise.resolve();

/**
 * Runs `load` (a page loading until it has settled) once no other page of the walk is loading. The
 * checks of a load have time limits (a heading within 20 s, quiet within 10 s) that pages loading
 * side by side on two busy cores could exceed; what overlaps is what follows a load (the idle
 * window with axe inside it, the popovers).
 */
export function oneLoadAtATime<T>(load: () => Promise<T>): Promise<T> {
  const turn = loading.then(load);
  loading = turn.catch(() => undefined);
  return turn;
}

/** A screen to visit, as one test of the walk names it. */
export interface PlannedVisit {
  actor: WalkActor;
  route: string;
}

/** What a visit found: its rows for the table, its problems, or the error that stopped it. */
export interface VisitOutcome {
  rows: WalkRow[];
  problems: string[];
  error?: unknown;
}

/** Visits a screen on `at`, adding each width's row to `rows` as it ends; answers the problems. */
export type RunVisit = (
  visit: PlannedVisit,
  at: ActorPage,
  signInProblems: string[],
  rows: WalkRow[],
) => Promise<string[]>;

/** An actor's pages: the first signs in, when the actor's first visit starts; the others open once it has. */
interface ActorPages {
  signedIn: Promise<string[]> | null;
  addresses: Map<string, string>;
  free: ActorPage[];
  all: ActorPage[];
  /** The actor's visits not finished yet: at none, its contexts close. */
  left: number;
}

/**
 * Visits a walk file's screens in its tests' order, SLOTS at a time, from the test that started
 * the pool on (a worker restarted after a failure starts a new pool from its first test). Each test
 * awaits its own visit's outcome and writes its rows, so a visit whose test never runs in this
 * worker leaves no row, and the record holds each visit once whatever order visits end in.
 */
export class VisitPool {
  private readonly outcomes = new Map<number, Promise<VisitOutcome>>();
  private readonly resolvers = new Map<number, (outcome: VisitOutcome) => void>();
  private readonly actors = new Map<string, ActorPages>();
  private readonly running: Promise<void>[] = [];
  private next: number;
  private stopped = false;

  constructor(
    private readonly browser: Browser,
    /** The server's address: the pool opens pages between tests too, where `use` does not apply. */
    private readonly baseURL: string,
    private readonly visits: PlannedVisit[],
    readonly from: number,
    private readonly run: RunVisit,
  ) {
    this.next = from;
    for (const { actor } of visits.slice(from)) {
      const pages = this.actors.get(actor.key);
      if (pages) pages.left += 1;
      else this.actors.set(actor.key, { signedIn: null, addresses: new Map(), free: [], all: [], left: 1 });
    }
    for (let slot = 0; slot < SLOTS; slot += 1) this.running.push(this.slot());
  }

  /** The outcome of the visit at `index` (of the file's tests), once it has ended. */
  outcome(index: number): Promise<VisitOutcome> {
    if (index < this.from) throw new Error(`visit ${index} comes before this pool's first (${this.from})`);
    return this.slotFor(index).promise;
  }

  /** No visit starts any more; the open pages close, and whatever was under way ends with them. */
  async stop(): Promise<void> {
    this.stopped = true;
    const contexts = [...this.actors.values()].flatMap((pages) => pages.all.map((at) => at.page.context()));
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await Promise.all(this.running);
  }

  private slotFor(index: number) {
    let promise = this.outcomes.get(index);
    if (!promise) {
      promise = new Promise<VisitOutcome>((resolve) => this.resolvers.set(index, resolve));
      this.outcomes.set(index, promise);
    }
    return { promise, resolve: this.resolvers.get(index)! };
  }

  private async slot(): Promise<void> {
    while (!this.stopped && this.next < this.visits.length) {
      const index = this.next;
      this.next += 1;
      const { resolve } = this.slotFor(index);
      resolve(await this.attempt(this.visits[index]!));
    }
  }

  private async attempt(visit: PlannedVisit): Promise<VisitOutcome> {
    const pages = this.actors.get(visit.actor.key)!;
    const rows: WalkRow[] = [];
    let at: ActorPage | undefined;
    try {
      pages.signedIn ??= this.signIn(visit.actor, pages);
      const signInProblems = await pages.signedIn;
      at = pages.free.pop() ?? (await this.openPage(visit.actor, pages));
      if (this.stopped) throw new Error('the walk stopped');
      const problems = await this.run(visit, at, signInProblems, rows);
      pages.free.push(at);
      return { rows, problems };
    } catch (error) {
      // A page that failed mid-visit is not trusted with another: the next visit opens a new one.
      if (at)
        await at.page
          .context()
          .close()
          .catch(() => undefined);
      return { rows, problems: [], error };
    } finally {
      pages.left -= 1;
      if (pages.left === 0) {
        await Promise.all(
          pages.all.map((open) =>
            open.page
              .context()
              .close()
              .catch(() => undefined),
          ),
        );
      }
    }
  }

  /** Opens the actor's first page, which signs in, and keeps it free for the first visit that needs one. */
  private async signIn(actor: WalkActor, pages: ActorPages): Promise<string[]> {
    const { at, signInProblems } = await openActorPage(this.browser, this.baseURL, actor, pages.addresses);
    pages.all.push(at);
    pages.free.push(at);
    if (this.stopped) await at.page.context().close();
    return signInProblems;
  }

  private async openPage(actor: WalkActor, pages: ActorPages): Promise<ActorPage> {
    const { at } = await openActorPage(this.browser, this.baseURL, actor, pages.addresses);
    pages.all.push(at);
    if (this.stopped) await at.page.context().close();
    return at;
  }
}
