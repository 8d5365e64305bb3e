import { afterAll, beforeAll, expect } from 'vitest';
import { auth, createTestContext, type TestContext } from '../../../test/test-app';
import { assistantFixture } from './reviewer-assistant.fixtures';

/**
 * The reviewer assistant's API tests' shared set-up: a test app with the assistant's fixture and
 * an administrator's token, and the calls the tests send. Each test file registers it through
 * `setUpAssistantApi()`; the bindings below are filled in before its tests run.
 */
export let t: TestContext;
export let admin: string;
export let fixture: Awaited<ReturnType<typeof assistantFixture>>;

export function setUpAssistantApi(): void {
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.tokenForRole('portal_admin');
    fixture = await assistantFixture(t);
  });
  afterAll(() => t.close());
}

export const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: auth(token) });

export const put = (url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: auth(admin), payload });

/** A GET that must answer 200, read as JSON. */
export async function getJson<T>(url: string, token = admin): Promise<T> {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
