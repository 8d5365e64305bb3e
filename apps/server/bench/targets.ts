import type { Result } from './load';
import { median, type ScreenResult } from './screens';

/**
 * The benchmark's targets (issue 32), the one place they are written: throughput as a share of
 * the floor measured in the same run (so they hold on a busy machine too), no errors, the server's
 * memory at every case, and the list screens' time in the browser. Each ratio target names the
 * cases it covers by the start of their names; a target over several cases is met when the
 * slowest of them meets it.
 */
const TARGETS = {
  issue: 32,
  ratios: [
    { target: 'user/me/', min: 0.6, cases: ['home: user/me/'] },
    { target: 'GET request/{id}/', min: 0.5, cases: ['GET request/{id}/'] },
    { target: 'GET project/{id}/', min: 0.7, cases: ['GET project/{id}/'] },
    { target: 'request list, screen page (10 rows)', min: 0.2, cases: ['request list screen page'] },
    { target: 'request list, default page (100 rows)', min: 0.05, cases: ['request list, default page'] },
    {
      target: 'request list: search, deep page, every ordering',
      min: 0.03,
      cases: ['request list, search=', 'request list, offset=', 'request list, ordering='],
    },
    {
      target: "user, institution, research team, dataset and the researcher's own lists",
      min: 0.05,
      cases: [
        'user list',
        'institution list',
        'research team list',
        'dataset list',
        'researcher request list',
      ],
    },
  ],
  /** Response times a case must keep at the 95th percentile (issue 33). */
  p95Ms: [
    {
      target: 'reviewer suggestions and workload, p95',
      maxMs: 100,
      cases: ['reviewer suggestions', 'reviewer workload'],
    },
  ],
  maxErrors: 0,
  rssMb: 400,
  screenFirstVisitMs: 500,
  screenLaterVisitMs: 200,
} as const;

interface TargetCheck {
  target: string;
  goal: string;
  /** What the run measured (the worst case's value, and which case), or why nothing was. */
  measured: string;
  met: boolean | null;
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(ratio < 0.1 ? 1 : 0)} %`;

/** The worst of `values` by `score` (highest), with the name it belongs to. */
function worst<T>(items: T[], score: (item: T) => number): T | undefined {
  return items.reduce<T | undefined>(
    (found, item) => (found === undefined || score(item) > score(found) ? item : found),
    undefined,
  );
}

/** Each target with what this run measured for it: met, missed, or not measured (null). */
export function checkTargets(results: Result[], screens: ScreenResult[]): TargetCheck[] {
  const checks: TargetCheck[] = TARGETS.ratios.map(({ target, min, cases }) => {
    const covered = results.filter((r) => cases.some((name) => r.name.startsWith(name)));
    const slowest = worst(covered, (r) => -r.ratio);
    const goal = `≥ ${percent(min)} of the floor`;
    if (!slowest) return { target, goal, measured: 'not measured', met: null };
    const which = covered.length > 1 ? ` (${slowest.name})` : '';
    return { target, goal, measured: `${percent(slowest.ratio)}${which}`, met: slowest.ratio >= min };
  });
  for (const { target, maxMs, cases } of TARGETS.p95Ms) {
    const slowest = worst(
      results.filter((r) => cases.some((name) => r.name.startsWith(name))),
      (r) => r.p95,
    );
    checks.push({
      target,
      goal: `< ${maxMs} ms`,
      measured: slowest ? `${slowest.p95.toFixed(1)} ms (${slowest.name})` : 'not measured',
      met: slowest ? slowest.p95 < maxMs : null,
    });
  }
  const failing = results.filter((r) => r.errors > 0);
  const errors = failing.reduce((sum, r) => sum + r.errors, 0);
  checks.push({
    target: 'no errors',
    goal: `${TARGETS.maxErrors}`,
    measured: failing.length ? `${errors} (${failing.map((r) => r.name).join('; ')})` : '0',
    met: errors <= TARGETS.maxErrors,
  });
  const biggest = worst(results, (r) => r.rssMb);
  checks.push({
    target: 'server RSS at every case',
    goal: `< ${TARGETS.rssMb} MB`,
    measured: biggest ? `${biggest.rssMb.toFixed(0)} MB (${biggest.name})` : 'not measured',
    met: biggest ? biggest.rssMb < TARGETS.rssMb : null,
  });
  for (const [visit, limit, times] of [
    ['first', TARGETS.screenFirstVisitMs, (s: ScreenResult) => s.firstVisitsMs],
    ['later', TARGETS.screenLaterVisitMs, (s: ScreenResult) => s.laterVisitsMs],
  ] as const) {
    const slowest = worst(screens, (s) => median(times(s)));
    checks.push({
      target: `list screens, median ${visit} visit`,
      goal: `< ${limit} ms`,
      measured: slowest ? `${median(times(slowest)).toFixed(0)} ms (${slowest.path})` : 'not measured',
      met: slowest ? median(times(slowest)) < limit : null,
    });
  }
  return checks;
}

const verdict = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : 'MISSED');

/** The targets block `npm run bench` prints and writes to results.md. */
export function targetsTable(checks: TargetCheck[], floorRps: number, load: string): string {
  const met = checks.filter((check) => check.met).length;
  const missed = checks.filter((check) => check.met === false).length;
  return [
    `Targets (issue ${TARGETS.issue}; the floor of this run: ${floorRps.toFixed(0)} req/s)`,
    '',
    '| target | goal | measured | |',
    '| --- | --- | --- | --- |',
    ...checks.map((c) => `| ${c.target} | ${c.goal} | ${c.measured} | ${verdict(c.met)} |`),
    '',
    `${met} met, ${missed} missed, ${checks.length - met - missed} not measured. ${load}`,
  ].join('\n');
}
