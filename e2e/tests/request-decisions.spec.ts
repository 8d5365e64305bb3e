import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { apiHeaders, fileDemoDatasetRequest } from '../support/requests';
import { DEMO_PASSWORD, tickJoinderAgreement } from '../support/session';
import { look } from '../support/look';

// Many decisions, two people and several page loads per journey on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });
// Pages load slowly while the whole team's journeys share the machine.
const expect = baseExpect.configure({ timeout: 15_000 });

const OWNER = 'primary_researcher@demo.test';
const ADMIN = 'portal_admin@demo.test';
// The pending-team demo of decision 076.
const PENDING_TEAM_PI = 'pi_sbso@demo.test';
const CO_INVESTIGATOR = 'coinvestigator@demo.test';
const PENDING_TEAM_PROJECT = 'Plasma proteins and sleep in autistic adolescents';

/** The e-mails the server sent (the journeys' SMTP sink keeps each as a JSON file). */
function inbox(): { to: string[]; subject: string; text: string }[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

/** Waits for the decision e-mail `{product}: request {id} {status}` to reach `to`. */
async function expectMail(to: string, portalId: string, status: string) {
  await expect
    .poll(
      () =>
        inbox().some(
          (mail) => mail.to.includes(to) && mail.subject.endsWith(`request ${portalId} ${status}`),
        ),
      { timeout: 20_000, message: `the '${status}' e-mail of ${portalId} to ${to}` },
    )
    .toBe(true);
}

/** A signed-in person in their own browser context. */
async function personPage(browser: Browser, email: string, password = DEMO_PASSWORD) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The form, as signIn does it, with the patience of a busy machine.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  return page;
}

const statusBadge = (page: Page, status: string) => page.getByText(status, { exact: true }).first();

/**
 * Makes a decision through the modal: the option (its radio label), Continue, then Send or
 * 'Skip e-mail'; waits for the outcome and the page's new status.
 */
async function decide(
  page: Page,
  option: string,
  outcome: { status: string; email: 'send' | 'skip'; to?: string; axe?: boolean },
) {
  await page.getByRole('button', { name: 'Make a Decision' }).click();
  const dialog = page.getByRole('dialog', { name: /^Make a Decision/ });
  const next = dialog.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await dialog.getByRole('radio', { name: option, exact: true }).check();
  await expect(next).toBeEnabled();
  if (outcome.axe) await expectNoAxeViolations(page, '[role="dialog"]');
  await look(page, `decisions-choose-${outcome.status}`);
  await next.click();
  const to = dialog.getByRole('textbox', { name: 'To' });
  await expect(to).toHaveValue(outcome.to ?? OWNER);
  if (outcome.axe) await expectNoAxeViolations(page, '[role="dialog"]');
  await look(page, `decisions-compose-${outcome.status}`);
  await dialog.getByRole('button', { name: outcome.email === 'send' ? 'Send' : 'Skip e-mail' }).click();
  // This decision's notice (an earlier decision's may still be on screen).
  const notice = page
    .getByRole('alert')
    .filter({ hasText: outcome.email === 'send' ? 'Email Sent Successfully' : 'Decision Saved' })
    .filter({ hasText: `The request is now ${outcome.status}.` });
  await expect(notice.first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(statusBadge(page, outcome.status)).toBeVisible();
}

/** The owner opens the request and sees its status. */
async function ownerSees(page: Page, id: number, status: string) {
  await page.goto(`/request/${id}`);
  await expect(statusBadge(page, status)).toBeVisible();
}

/**
 * The journey suspends the demo researcher's request; should it stop half-way, the request is
 * archived here so the researcher is not left suspended for the journeys that follow.
 */
let journeyRequestId: number | null = null;
test.afterAll(async ({ request }) => {
  if (journeyRequestId === null) return;
  const headers = await apiHeaders(request, ADMIN);
  const url = `/api/request/${journeyRequestId}/`;
  const current = await (await request.get(url, { headers })).json();
  if (current.status === 14) await request.post(`${url}decision/`, { headers, data: { status: 7 } });
  if (current.status === 14 || current.status === 7)
    await request.post(`${url}decision/`, { headers, data: { status: 13 } });
});

test('an admin takes a dataset request from Submitted to Archived; the researcher sees each state and gets the e-mails', async ({
  browser,
  request,
}) => {
  const filed = await fileDemoDatasetRequest(request, 'AIC Phenotype Data', {
    intent_to_download: false,
    status: 2,
  });
  journeyRequestId = filed.id;
  expect(filed.status_name).toBe('Submitted');
  const id = filed.id;
  const portalId = filed.portal_request_id;
  const admin = await personPage(browser, ADMIN);
  const owner = await personPage(browser, OWNER);
  await expect(admin.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(owner.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();

  await admin.goto(`/request/${id}`);
  await expect(statusBadge(admin, 'Submitted')).toBeVisible();
  // The owner reads the application but gets no decision button.
  await ownerSees(owner, id, 'Submitted');
  await expect(owner.getByRole('button', { name: 'Download Application' })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Make a Decision' })).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Download Approval Notice' })).toHaveCount(0);

  // Under Review, with its e-mail.
  await decide(admin, 'Under Review', { status: 'Under Review', email: 'send', axe: true });
  await expectMail(OWNER, portalId, 'Under Review');
  await ownerSees(owner, id, 'Under Review');

  // Revisions Requested: the owner edits the request, which goes back to Submitted.
  await decide(admin, 'Request Revisions (Revisions Requested)', {
    status: 'Revisions Requested',
    email: 'send',
  });
  await expectMail(OWNER, portalId, 'Revisions Requested');
  await ownerSees(owner, id, 'Revisions Requested');
  await owner.getByRole('link', { name: 'Edit Request' }).click();
  await expect(owner).toHaveURL(new RegExp(`/request/create\\?request=${id}`));
  // Edit mode opens at Resource details with the request's answers; the usage step is answered again.
  await expect(owner.getByRole('heading', { level: 2, name: 'Resource details' })).toBeVisible();
  await owner.getByRole('button', { name: 'Continue' }).click();
  await expect(owner.getByRole('heading', { level: 2, name: 'Research team' })).toBeVisible();
  await owner.getByRole('button', { name: 'Continue' }).click();
  await expect(owner.getByRole('heading', { level: 2, name: 'Resource usage' })).toBeVisible();
  for (const answer of await owner.getByRole('radio', { name: 'Yes', exact: true }).all())
    await answer.check();
  await owner.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await owner.getByRole('button', { name: 'Continue' }).click();
  await owner.getByRole('button', { name: 'Submit' }).click();
  await expect(owner.getByRole('link', { name: 'View Request Status' })).toBeVisible();
  await ownerSees(owner, id, 'Submitted');

  // Approved: the researcher downloads the approval notice.
  await admin.reload();
  await expect(statusBadge(admin, 'Submitted')).toBeVisible();
  await decide(admin, 'Approve (Approved)', { status: 'Approved', email: 'send' });
  await expectMail(OWNER, portalId, 'Approved');
  await ownerSees(owner, id, 'Approved');
  const [notice] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('button', { name: 'Download Approval Notice' }).click(),
  ]);
  expect(notice.suggestedFilename()).toBe(`${portalId}-approval-notice.pdf`);
  const bytes = readFileSync(await notice.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Fulfilled, Suspended (the researcher's access is suspended), back to Fulfilled, Archived.
  await decide(admin, 'Fulfill (Fulfilled)', { status: 'Fulfilled', email: 'send' });
  await expectMail(OWNER, portalId, 'Fulfilled');
  await ownerSees(owner, id, 'Fulfilled');

  await decide(admin, 'Suspend (Suspended)', { status: 'Suspended', email: 'send' });
  await expectMail(OWNER, portalId, 'Suspended');
  await ownerSees(owner, id, 'Suspended');
  await look(owner, 'decisions-owner-suspended');
  await expect(owner.getByText('Access to this request has been suspended.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(owner);

  await decide(admin, 'Fulfill (Fulfilled)', { status: 'Fulfilled', email: 'skip' });
  await ownerSees(owner, id, 'Fulfilled');
  await expect(owner.getByText('Access to this request has been suspended.')).toHaveCount(0);

  await decide(admin, 'Archive (Archived)', { status: 'Archived', email: 'send' });
  await expectMail(OWNER, portalId, 'Archived');
  await ownerSees(owner, id, 'Archived');
  // Archived: the approval notice is no longer offered; the application still is.
  await expect(owner.getByRole('button', { name: 'Download Approval Notice' })).toHaveCount(0);
  const [application] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('button', { name: 'Download Application' }).click(),
  ]);
  expect(application.suggestedFilename()).toBe(`${portalId}-application.pdf`);
  await admin.context().close();
  await owner.context().close();
});

test('a biospecimen request waits in Approved (Pending Team) until the co-investigator signs the joinder', async ({
  browser,
  request,
}) => {
  // The demo (decision 076): pi_sbso's Submitted plasma request on a project whose
  // co-investigator has an account but has not signed the joinder.
  const headers = await apiHeaders(request, PENDING_TEAM_PI);
  const requests = await (
    await request.get('/api/request/?limit=100&status=2&expand=project', { headers })
  ).json();
  const filed = requests.results.find(
    (row: { type: number; project: { title: string } }) =>
      row.type === 2 && row.project.title === PENDING_TEAM_PROJECT,
  ) as { id: number; portal_request_id: string };
  expect(filed).toBeDefined();
  const { id, portal_request_id: portalId } = filed;

  // The admin sees the gap, then approves: the request is Approved (Pending Team).
  const admin = await personPage(browser, ADMIN);
  await expect(admin.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await admin.goto(`/request/${id}`);
  await expect(statusBadge(admin, 'Submitted')).toBeVisible();
  await admin.getByRole('button', { name: 'Make a Decision' }).click();
  const dialog = admin.getByRole('dialog', { name: /^Make a Decision/ });
  await expect(dialog.getByText('The research team is not complete')).toBeVisible();
  await expect(dialog.getByText('Demo Co-Investigator')).toBeVisible();
  await expect(dialog.getByText(/The joinder agreement is not signed/)).toBeVisible();
  await look(admin, 'decisions-pending-team');
  await expectNoAxeViolations(admin, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await decide(admin, 'Approve (Approved (Pending Team))', {
    status: 'Approved (Pending Team)',
    email: 'send',
    // Approvals also go to the team members with access (decision 075).
    to: `${PENDING_TEAM_PI}, ${CO_INVESTIGATOR}`,
  });
  await expectMail(PENDING_TEAM_PI, portalId, 'Approved (Pending Team)');

  const owner = await personPage(browser, PENDING_TEAM_PI);
  await expect(owner.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await ownerSees(owner, id, 'Approved (Pending Team)');
  // Access has not started: no approval notice yet.
  await expect(owner.getByRole('button', { name: 'Download Approval Notice' })).toHaveCount(0);

  // The co-investigator signs in, is sent to the joinder and agrees to the RDA: the team is complete.
  const coinvestigator = await personPage(browser, CO_INVESTIGATOR);
  await expect(coinvestigator).toHaveURL(/\/joinder$/);
  await tickJoinderAgreement(coinvestigator);
  await coinvestigator.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(coinvestigator.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();

  // The request is Approved now, for the admin and the researcher.
  await admin.reload();
  await expect(statusBadge(admin, 'Approved')).toBeVisible();
  await ownerSees(owner, id, 'Approved');
  await expect(owner.getByRole('button', { name: 'Download Approval Notice' })).toBeVisible();
  await admin.context().close();
  await owner.context().close();
  await coinvestigator.context().close();
});
