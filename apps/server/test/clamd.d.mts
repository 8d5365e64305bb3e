/** A running clamd for tests: where it listens and how to stop it. */
export interface RunningClamd {
  host: string;
  port: number;
  stop(): Promise<void>;
}
/** The one-line instruction a run without clamd fails with. */
export const CLAMD_MISSING: string;
/** The EICAR anti-virus test string, assembled at run time. */
export function eicar(): Buffer;
/** One clamd command over TCP (`PING`, `VERSION`), answered without the trailing NUL. */
export function clamdCommand(
  host: string,
  port: number,
  command: string,
  timeoutMs?: number,
): Promise<string>;
/** Starts clamd offline on 127.0.0.1 and a free port with a signature database that flags EICAR. */
export function startClamd(options?: { timeoutMs?: number }): Promise<RunningClamd>;
