import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser } from '../support/test';
import { axeFindings, expectNoAxeViolations, seriousFindings, transitionsEnded } from '../support/axe';
import { signIn } from '../support/session';
import { look } from '../support/look';
import { attach, fill, fillResearchMatchApplication } from '../support/research-match-form';

/**
 * The Research Match review cycle (issue 17), end to end with the mail caught: a researcher files
 * an application with its documents; the administrator starts the review with a due date and
 * assigns a primary and a secondary reviewer; the primary declares a conflict and is removed as
 * primary; the secondary scores all six criteria (autosaved); the administrator moves it to the
 * review meeting, reads the averages and total, approves conditionally, then approves; the
 * researcher renews it and sees it Submitted.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const APPLICANT = 'recontact.researcher@demo.test';
const PROJECT = 'Family routines and wellbeing in autism';
const INTERNAL = 'Demo Research Match Internal Reviewer (internal_reviewer@demo.test)';
const EXTERNAL = 'Demo External Reviewer (external_reviewer@demo.test)';
const LAY_TITLE = `Mealtimes and routines ${Date.now()}`;
// The secondary reviewer's scores; the only review, so they are the averages (total 25).
const SCORES: [string, string][] = [
  ['Research', '4'],
  ['Engagement', '5'],
  ['Feasibility', '3'],
  ['Alignment', '4'],
  ['Scientific', '5'],
  ['Community', '4'],
];

let requestId = 0;
let portalId = '';

async function personPage(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** The e-mails the journey server sent (scripts/serve.mjs writes each as JSON). */
function inbox(): { to: string[]; subject: string; text: string }[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
}

const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000);
const twoDigits = (value: number) => String(value).padStart(2, '0');
const dueTyped = `${twoDigits(inTwoWeeks.getMonth() + 1)}/${twoDigits(inTwoWeeks.getDate())}/${inTwoWeeks.getFullYear()}`;
const dueShown = inTwoWeeks.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

test('a researcher files a Research Match application with its documents', async ({ browser }) => {
  const page = await personPage(browser, APPLICANT);
  await page.goto('/request/create');
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: PROJECT, exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('button', { name: 'Select Research Match', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Research Match' });
  await expect(confirm.getByText(/reviewed quarterly by a committee/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm Selection' }).click();
  await page
    .getByRole('complementary', { name: 'Selected Resources' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Resource details', exact: true })).toBeVisible();

  // Every field of the Research Match form (researcher §3), with its three documents.
  await fillResearchMatchApplication(page, LAY_TITLE);
  await attach(page, 'Proposal summary', 'proposal.pdf');
  await attach(page, 'IRB protocol', 'irb-protocol.pdf');
  await attach(page, 'Consent forms', 'consent.pdf');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByRole('heading', { level: 2, name: 'Identify Research Team', exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  // Research Match asks for the terms only (researcher §5).
  await expect(page.getByRole('heading', { level: 2, name: 'Resource usage', exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Review', exact: true })).toBeVisible();
  const filed = page.waitForResponse(
    (response) => /\/api\/request\/(\?.*)?$/.test(response.url()) && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const created = await (await filed).json();
  requestId = created.id;
  portalId = created.portal_request_id;
  expect(portalId).toMatch(/^RM\d{4}$/);
  await page.getByRole('link', { name: 'View Request Status' }).click();
  await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
});

test('the administrator starts the review with a due date, and the committee is e-mailed', async ({
  browser,
}) => {
  const page = await personPage(browser, 'portal_admin@demo.test');
  await page.getByRole('button', { name: 'View menu' }).click();
  await page.getByRole('menuitem', { name: 'Research Match Review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Research Match Review' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /New Applications/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'New Applications' }).getByText(portalId)).toBeVisible();
  await look(page, 'rm-review-centre');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Begin Review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Start Review' })).toBeVisible();
  // Only this application: the demo's own new application stays new.
  await page.getByRole('checkbox', { name: 'Choose every application' }).uncheck();
  await page.getByRole('checkbox', { name: `Choose ${portalId}` }).check();
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled(); // Send needs a due date (staff §4.3).
  await expect(page.getByRole('textbox', { name: 'To' })).toHaveValue(/internal_reviewer@demo\.test/);
  await page.getByRole('textbox', { name: 'Reviews due by' }).fill(dueTyped);
  await page.getByRole('textbox', { name: 'Reviews due by' }).press('Tab');
  await expect(send).toBeEnabled();
  await look(page, 'rm-start-review');
  await expectNoAxeViolations(page);
  await send.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Research Match Review' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'One application is now under review' }).first(),
  ).toBeVisible();
  // The e-mail to the committee, with the due date written in.
  await expect
    .poll(
      () =>
        inbox().find(
          (mail) =>
            mail.to.includes('internal_reviewer@demo.test') &&
            mail.subject.includes('Research Match applications ready for review') &&
            mail.text.includes(portalId),
        )?.text,
    )
    .toContain(`submit your scores by ${dueShown}`);

  // The reviewers: a primary and a secondary (staff §3 reviewer_role).
  await page.goto(`/request/${requestId}`);
  await expect(page.getByText('Under Review', { exact: true }).first()).toBeVisible();
  const panel = page.getByRole('region', { name: 'Staff Panel' });
  const picker = panel.getByLabel('Assigned reviewers');
  for (const [search, option] of [
    ['Internal', INTERNAL],
    ['External', EXTERNAL],
  ] as const) {
    await picker.click();
    await picker.fill(search);
    await page.getByRole('option', { name: option }).click();
  }
  await page.keyboard.press('Escape');
  await page
    .getByRole('combobox', { name: `Role of ${INTERNAL}` })
    .selectOption({ label: 'Primary Reviewer' });
  await page
    .getByRole('combobox', { name: `Role of ${EXTERNAL}` })
    .selectOption({ label: 'Secondary Reviewer' });
  const save = panel.getByRole('button', { name: 'Save Reviewers' });
  await save.click();
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Role of ${INTERNAL}` })).toHaveValue('1');
  await expect(page.getByRole('combobox', { name: `Role of ${EXTERNAL}` })).toHaveValue('2');
});

test('the primary reviewer declares a conflict and is removed as primary', async ({ browser }) => {
  const page = await personPage(browser, 'internal_reviewer@demo.test');
  const row = page
    .getByRole('table', { name: 'Research Match Applications' })
    .getByRole('row', { name: new RegExp(portalId) });
  await expect(row).toContainText('New');
  await row.getByRole('link', { name: portalId }).click();
  const panel = page.getByRole('region', { name: 'Your Review' });
  await expect(panel.getByText('Primary Reviewer', { exact: true })).toBeVisible();
  // The scoring form stays closed until the question is answered.
  await expect(panel.getByRole('radio', { name: '4' }).first()).toBeDisabled();
  const question = panel.getByRole('radiogroup', {
    name: 'Do you have a conflict of interest with this application?',
  });
  await question.getByRole('radio', { name: 'Yes' }).check();
  await panel.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(panel.getByText('Please explain your conflict of interest.')).toBeVisible();
  await panel
    .getByRole('textbox', { name: 'Explain your conflict of interest' })
    .fill('The applicant is my co-author.');
  await panel.getByRole('button', { name: 'Submit Answer' }).click();
  const noted = page.getByRole('dialog', { name: 'Your conflict of interest has been noted.' });
  await expect(
    noted.getByText('We have removed you as the primary reviewer for the given request.'),
  ).toBeVisible();
  await expect(noted.getByRole('link', { name: /@/ })).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await noted.getByRole('button', { name: 'Return To Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  // Back on the application: never the scoring form.
  await page.goto(`/request/${requestId}`);
  await expect(page.getByText('You declared a conflict of interest for this application')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Research' })).toHaveCount(0);
});

test('the secondary reviewer scores all six criteria, autosaved', async ({ browser }) => {
  const page = await personPage(browser, 'external_reviewer@demo.test');
  await page.goto(`/request/${requestId}`);
  const panel = page.getByRole('region', { name: 'Your Review' });
  await panel
    .getByRole('radiogroup', { name: 'Do you have a conflict of interest with this application?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await panel.getByRole('button', { name: 'Submit Answer' }).click();
  const status = panel.getByRole('status');
  for (const [criterion, score] of SCORES) {
    await panel
      .getByRole('radiogroup', { name: `${criterion} score` })
      .getByRole('radio', { name: score })
      .check();
    await panel.getByRole('textbox', { name: `${criterion} strengths` }).fill(`${criterion}: well argued.`);
  }
  await panel
    .getByRole('radiogroup', { name: 'Recommended decision' })
    .getByRole('radio', { name: 'Approve', exact: true })
    .check();
  await panel.getByRole('radiogroup', { name: 'Build merit' }).getByRole('radio', { name: 'Yes' }).check();
  await expect(status).toHaveText('All changes saved');
  await expect(panel.getByText('Completed', { exact: true })).toBeVisible();
  await look(page, 'rm-scoring');
  await expectNoAxeViolations(page);
  await page.reload();
  for (const [criterion, score] of SCORES)
    await expect(
      page.getByRole('radiogroup', { name: `${criterion} score` }).getByRole('radio', { name: score }),
    ).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Community strengths' })).toHaveValue(
    'Community: well argued.',
  );
});

test('the administrator moves it to the review meeting, reads the scores, approves conditionally, then approves', async ({
  browser,
}) => {
  const page = await personPage(browser, 'portal_admin@demo.test');
  await page.goto('/research-match-review?tab=review');
  await page.getByRole('checkbox', { name: `Select ${portalId}` }).check();
  await page.getByRole('button', { name: 'Close and Move to Review Meeting' }).click();
  const moved = page.getByRole('dialog', { name: 'Appliation Moved Successfully' });
  await expect(moved.getByText('The application has been moved to the review meeting.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(moved).toBeHidden();

  await page.getByRole('tab', { name: /Applications for Review Meeting/ }).click();
  await page
    .getByRole('table', { name: 'Applications for Review Meeting' })
    .getByRole('row', { name: new RegExp(portalId) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Review Meeting: ${portalId}` })).toBeVisible();
  const averages = page.getByRole('table', { name: 'Average score per criterion' });
  for (const [criterion, score] of SCORES)
    await expect(averages.getByRole('row', { name: new RegExp(`^${criterion}`) })).toContainText(
      `${score}.00`,
    );
  await expect(averages.getByRole('row', { name: /Total score/ })).toContainText('25.00');
  await page
    .getByRole('textbox', { name: 'Meeting notes' })
    .fill('Approve once the consent form names the study site.');
  await expect(page.getByRole('region', { name: 'Meeting notes' }).getByRole('status')).toHaveText(
    'All changes saved',
  );
  // The primary reviewer recused themselves: only the secondary's card.
  await expect(page.getByText('No review available.')).toBeVisible();
  await page.getByRole('tab', { name: 'Other Reviewers (1)' }).click();
  await expect(page.getByRole('article', { name: 'Review by Demo External Reviewer' })).toContainText(
    'Approve',
  );
  await look(page, 'rm-review-meeting');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Make a Decision' }).click();
  for (const [option, status] of [
    ['Conditionally Approve (Conditionally Approved)', 'Conditionally Approved'],
    ['Approve (Approved)', 'Approved'],
  ] as const) {
    await page.getByRole('button', { name: 'Make a Decision' }).click();
    const dialog = page.getByRole('dialog', { name: /^Make a Decision/ });
    await dialog.getByRole('radio', { name: option, exact: true }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('textbox', { name: 'To' })).toHaveValue(APPLICANT);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: `The request is now ${status}.` })
        .first(),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
});

test('the researcher files a renewal and sees the application Submitted again', async ({ browser }) => {
  const page = await personPage(browser, APPLICANT);
  await page.goto(`/request/${requestId}?tab=rm-renewal`);
  await page.getByRole('link', { name: 'Renew' }).click();
  await page.getByRole('button', { name: 'Continue to Application' }).click();
  await fill(page, 'Study findings so far', 'Families described their routines.');
  await fill(page, 'Scientific justification for continuing', 'We need the older age group.');
  await fill(page, 'Progress towards the aims', 'Half of the sample recruited.');
  for (const [label, value] of [
    ['Target sample size', '250'],
    ['Participants consented (all sources)', '130'],
    ['Participants who took part (all sources)', '120'],
    ['Participants consented through Research Match', '110'],
    ['Participants who took part through Research Match', '100'],
    ['Additional participants needed', '130'],
  ] as const)
    await fill(page, label, value);
  await fill(page, 'Lay summary of progress', 'Half of the families have taken part.');
  await attach(page, 'Most recent IRB approval', 'irb-2.pdf');
  await attach(page, 'Current consent form', 'consent-2.pdf');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Submit Renewal' }).click();
  await expect(page.getByText(`Your renewal of ${portalId} has been submitted`)).toBeVisible();
  await page.getByRole('link', { name: 'View Request Status' }).click();
  await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('Submitted');
});

test('the Start Review date picker opens as a named calendar whose arrows are named and readable', async ({
  browser,
}) => {
  const page = await personPage(browser, 'portal_admin@demo.test');
  await page.goto('/research-match-review/start-review');
  await expect(page.getByRole('heading', { level: 1, name: 'Start Review' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Reviews due by' }).click();
  const calendar = page.getByRole('dialog', { name: 'Calendar' });
  await expect(calendar.getByRole('button', { name: 'Previous month' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Next month' })).toBeVisible();
  await calendar.getByRole('button', { name: 'Next month' }).click();
  // Axe on the open calendar, whatever day of the week today is (weekend days are drawn in red).
  await transitionsEnded(page);
  expect(await axeFindings(page, '[role="dialog"][aria-label="Calendar"]')).toEqual([]);
  expect(seriousFindings(await axeFindings(page))).toEqual([]);
});
