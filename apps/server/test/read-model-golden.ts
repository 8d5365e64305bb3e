import { expect } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import { eq, inArray } from 'drizzle-orm';
import { mayAttempt, ROLE_KEYS, type Action, type Actor, type RoleKey, type Subject } from '@rrp/domain';
import { seedDemoData } from '../src/db/seed';
import { users } from '../src/db/schema';
import { generateData } from '../src/db/generate/generate-data';
import { AppError, ForbiddenError, UnauthorizedError } from '../src/platform/http/errors';
import { toPage } from '../src/platform/list/page';
import { auth, createTestContext, type TestContext } from './test-app';

/*
 * The golden comparison of the read model (issue 32 "done when"): a route whose answer PostgreSQL
 * now writes must answer exactly what the previous Node code (kept in `test/reference-model/` as
 * the oracle) returned for the same caller and URL — the same status, the same body.
 */

/** Someone calling the API: a demo account acting in its one role, or a visitor (no token). */
export interface GoldenCaller {
  name: RoleKey | 'anonymous';
  token: string | null;
  actor: Actor | null;
}

export interface GoldenContext {
  t: TestContext;
  /** One caller per role (`<role>@demo.test`), then the anonymous caller. */
  callers: GoldenCaller[];
  close(): Promise<void>;
}

/** Small enough for PGlite in a test file's set-up; large enough for every type, status and relation. */
const SAMPLE_SIZE = { users: 200, institutions: 10, projects: 40, requests: 150, history: 300, donors: 20 };

/** A fresh database with the demo data and a small generated sample, and a caller for every role. */
export async function createGoldenContext(): Promise<GoldenContext> {
  const t = await createTestContext();
  await seedDemoData(t.database.db, t.config.demoPassword, t.app.demo.attachDefaultRda, t.app.demo.attachIrb);
  await generateData(t.database, SAMPLE_SIZE, () => undefined);
  const emails = ROLE_KEYS.map((role) => `${role}@demo.test`);
  const rows = await t.database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = new Map(rows.map((row) => [row.email, row.id]));
  const callers: GoldenCaller[] = [];
  for (const role of ROLE_KEYS) {
    const email = `${role}@demo.test`;
    const userId = idOf.get(email);
    if (userId === undefined) throw new Error(`no demo account ${email}`);
    const token = await t.tokenFor(email, t.config.demoPassword);
    // As the access hook builds it for a user holding exactly this role.
    callers.push({ name: role, token, actor: { userId, role, roles: [role], impersonatorId: null } });
  }
  callers.push({ name: 'anonymous', token: null, actor: null });
  return { t, callers, close: () => t.close() };
}

/** The id of a demo account, for tests that pick rows owned by one. */
export async function demoUserId(t: TestContext, role: RoleKey): Promise<number> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `${role}@demo.test`));
  return row!.id;
}

/**
 * What the access hook answers before a route runs (401 for a visitor, 403 for a role without the
 * grant), for oracles of routes declared with `allow(action, subject)`.
 */
export function routeAccess(actor: Actor | null, action: Action, subject: Subject): void {
  if (mayAttempt(actor, action, subject)) return;
  throw actor ? new ForbiddenError() : new UnauthorizedError();
}

/**
 * A list page as the previous code's route wrapped its rows (count, `next`/`previous` links as
 * `app.inject` addresses them, results), for oracles of list routes.
 */
export function referencePage<T>(
  url: string,
  paging: { limit: number; offset: number },
  count: number,
  results: T[],
) {
  const request = { url, protocol: 'http', host: 'localhost:80' } as FastifyRequest;
  return toPage(request, paging, count, results);
}

/**
 * GETs `url` as `caller` and expects what `reference` (the previous code) answers: its body, with
 * status 200, written as the route's `schema` wrote it (zod's encoding, which drops undeclared
 * keys, then JSON), or the same refusal when it throws an `AppError` (status and body, but the
 * correlation id). Answers what the route answered, for tests that check the cases are not all refusals.
 */
export async function expectSameAsReference(
  t: TestContext,
  caller: GoldenCaller,
  url: string,
  reference: () => Promise<unknown>,
  schema?: $ZodType,
): Promise<{ status: number; body: unknown }> {
  const label = `${caller.name} GET ${url}`;
  const response = await t.app.inject({ url, headers: caller.token ? auth(caller.token) : {} });
  let expected: { status: number; body: unknown };
  try {
    const answer = await reference();
    const encoded = schema ? safeEncode(schema, answer) : { success: true as const, data: answer };
    if (!encoded.success)
      throw new Error(`${label}: the reference answer fails its schema: ${encoded.error}`);
    expected = { status: 200, body: JSON.parse(JSON.stringify(encoded.data)) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expected = { status: error.statusCode, body: error.body };
  }
  expect(response.statusCode, `${label}: ${response.body.slice(0, 500)}`).toBe(expected.status);
  const body = response.json<Record<string, unknown>>();
  if (expected.status !== 200) delete body.correlation_id;
  expect(body, label).toEqual(expected.body);
  return { status: response.statusCode, body };
}
