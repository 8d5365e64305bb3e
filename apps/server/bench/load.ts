import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** Every case is loaded with this many connections at once. */
export const connections = 50;

/** One request of a case that repeats several in turn (a screen's calls). */
export interface Call {
  path: string;
  headers: Record<string, string>;
}

export interface Case {
  name: string;
  kind: 'floor' | 'detail' | 'list' | 'screen' | 'other';
  /** The request, or with `calls` the first of them. */
  path: string;
  /** Several GET requests, each connection sending them in turn; each answer counts as one. */
  calls?: Call[];
  token?: string;
  method?: 'GET' | 'POST';
  body?: string;
}

export interface Result {
  name: string;
  kind: Case['kind'];
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  ratio: number;
  /** The server's highest RSS while the case ran, in MB. */
  rssMb: number;
  /** What the server's memory held at its highest sample during the case (bench/server.ts). */
  memory?: ServerMemory;
}

/** process.memoryUsage() of the server, with V8's young (new) and old spaces, in bytes. */
export interface ServerMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  newSpace: number;
  oldSpace: number;
}

const mb = (bytes: number | undefined) => (bytes === undefined ? '' : (bytes / 1_048_576).toFixed(0));

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

const ACCEPT = { 'accept-encoding': 'gzip, br' };

export async function load(port: number, test: Case, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}${test.path}`,
        connections,
        duration: seconds,
        method: test.method ?? 'GET',
        body: test.body,
        headers: {
          ...(test.token ? { authorization: `JWT ${test.token}` } : {}),
          ...(test.body ? { 'content-type': 'application/json' } : {}),
          ...ACCEPT,
        },
        requests: test.calls?.map((call) => ({
          method: 'GET' as const,
          path: call.path,
          headers: { ...call.headers, ...ACCEPT },
        })),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      latencies.push(time);
      if (status >= 400) errors += 1;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.timeouts,
  };
}

/**
 * Waits until the server answers the floor quickly again: requests a case left queued (autocannon
 * stops sending, the server still works through them) must not be charged to the next case.
 */
export async function drain(port: number, path: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    await fetch(`http://127.0.0.1:${port}${path}`).catch(() => undefined);
    if (Date.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

export function table(results: Result[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${(r.ratio * 100).toFixed(0)} % | ${r.rssMb.toFixed(0)} | ${mb(r.memory?.heapTotal)} | ${mb(r.memory?.external)} |`,
  );
  return [
    '| case | req/s | p50 ms | p95 ms | p99 ms | errors | of floor | RSS MB | heap MB | external MB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}
