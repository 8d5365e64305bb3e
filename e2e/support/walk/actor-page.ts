import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../session';
import type { WalkActor } from './actors';
import { settle, VisitLog, WIDE } from './visit';

/** A signed-in page of an actor, in a browser context of its own, for one visit at a time. */
export interface ActorPage {
  page: Page;
  log: VisitLog;
  /** Concrete addresses found for patterns, shared by the actor's pages so each is looked for once. */
  addresses: Map<string, string>;
}

const statePath = (actor: WalkActor) =>
  join(tmpdir(), `rrp-walk-state-${process.ppid}-${actor.key.replace(/\W+/g, '_')}.json`);

/**
 * Opens a page for the actor. The actor's first page signs in as a person would and saves the
 * sign-in, which its later pages (and a restarted worker) reuse; `signInProblems` is what signing
 * in refused or logged, reported with the home's visit.
 */
export async function openActorPage(
  browser: Browser,
  baseURL: string,
  actor: WalkActor,
  addresses: Map<string, string>,
): Promise<{ at: ActorPage; signInProblems: string[] }> {
  const saved = statePath(actor);
  // `baseURL` given here: Playwright applies the config's `use` to contexts opened during a test
  // only, and the pool opens pages ahead of the tests, so one opened between two tests had none.
  const context = await browser.newContext({
    baseURL,
    viewport: WIDE,
    ...(actor.email && existsSync(saved) ? { storageState: saved } : {}),
  });
  const page = await context.newPage();
  const log = new VisitLog(page);
  let signInProblems: string[] = [];
  if (actor.email && !existsSync(saved)) {
    await signIn(page, actor.email);
    if (actor.switchTo) {
      await page.getByRole('combobox', { name: 'Viewing As' }).click();
      await page.getByRole('option', { name: actor.switchTo }).click();
      await expect(page.getByRole('combobox', { name: 'Viewing As' })).toHaveValue(actor.switchTo);
    }
    if (actor.actAs) {
      await page.goto('/');
      await page.getByRole('textbox', { name: "User's email" }).fill(actor.actAs);
      await page.getByRole('button', { name: 'Impersonate' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'You are acting as' })).toContainText(
        actor.actAs,
      );
    }
    await settle(log);
    // Where signing in lands is a screen too: what it refused is reported with the home's visit.
    signInProblems = [
      ...log.refused.map((call) => `refused while signing in: ${call}`),
      ...log.consoleErrors.map((text) => `console error while signing in: ${text}`),
    ];
    await context.storageState({ path: saved });
  }
  return { at: { page, log, addresses }, signInProblems };
}

/**
 * Signs in through the form, as session.ts's `signIn` does, but lands wherever the account is sent
 * (a co-investigator to the joinder, an official to their institution's details).
 */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
}
