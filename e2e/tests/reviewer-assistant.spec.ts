import { REVIEWER_ASSISTANT_MESSAGES } from '@rrp/domain';
import { expect, test, type APIRequestContext } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { apiHeaders, fileDemoDatasetRequest } from '../support/requests';
import { signIn } from '../support/session';
import { look } from '../support/look';

/**
 * The reviewer assignment assistant (issue 33): a Research Match administrator opens a request's
 * staff panel, assigns a suggested reviewer with no conflict at once, then a flagged one, whose
 * dialog needs a reason; then reads the reviewer's counts on /reviewer-workload and opens their
 * open reviews. Every demo account is at the demo institution, the applicant's too, so the demo
 * reviewers are flagged ('Same institution'); the unflagged reviewer is made here, at another
 * institution.
 */
test.describe.configure({ timeout: 180_000 });

const COORDINATOR = 'rm_admin@demo.test';
const FLAGGED = 'Demo Portal Reviewer';

/** A portal reviewer at Lakeshore, made by an administrator (no conflict with the demo applicant). */
async function unflaggedReviewer(request: APIRequestContext) {
  const headers = await apiHeaders(request, 'portal_admin@demo.test');
  const institutions = await (
    await request.get('/api/institution/?search=Lakeshore&limit=5', { headers })
  ).json();
  const lakeshore = institutions.results.find((row: { name: string }) => row.name.startsWith('Lakeshore'));
  const stamp = Date.now();
  const created = await request.post('/api/user/', {
    headers,
    data: {
      first_name: 'Abigail',
      last_name: `Unflagged ${stamp % 100_000}`,
      email: `abigail.${stamp}@lakeshore.demo.test`,
      groups: ['portal_reviewer'],
      institution: lakeshore.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const user = await created.json();
  return `${user.first_name} ${user.last_name}` as string;
}

test('a coordinator assigns a suggested reviewer, gives the reason a flagged one needs, and reads the workload', async ({
  page,
  request,
}) => {
  const unflagged = await unflaggedReviewer(request);
  const filed = await fileDemoDatasetRequest(request, 'SPARK Genotyping Array', {
    gpf_access_status: 1,
    submit: true,
  });

  await signIn(page, COORDINATOR);
  await page.goto(`/request/${filed.id}`);
  const panel = page.getByRole('region', { name: 'Staff Panel' });
  const suggestions = panel.getByRole('region', { name: 'Suggested reviewers' });
  const list = suggestions.getByRole('list', { name: 'Suggested reviewers' });
  await expect(list).toBeVisible();
  // Reviewers without a conflict come first; the new one has no load, but others may tie with it.
  const freeButton = list.getByRole('button', { name: `Assign ${unflagged}` });
  if (!(await freeButton.isVisible()))
    await suggestions.getByRole('button', { name: 'Show more suggestions' }).click();
  const freeItem = list
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Assign ${unflagged}` }) });
  await expect(freeItem).toContainText('Lakeshore');
  await expect(freeItem.getByRole('list', { name: 'Possible conflicts' })).toHaveCount(0);
  const flaggedItem = list
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Assign ${FLAGGED}` }) });
  await expect(flaggedItem.getByRole('list', { name: 'Possible conflicts' })).toContainText(
    "the applicant's institution.",
  );
  await look(page, 'reviewer-suggestions');
  await expectNoAxeViolations(page);

  // Unflagged: assigned at once; they join the assigned reviewers and leave the suggestions.
  await freeButton.click();
  await expect(page.getByText(`${unflagged} assigned to ${filed.portal_request_id}.`)).toBeVisible();
  // The assigned reviewers' picker shows each as 'Name (e-mail)'.
  await expect(panel).toContainText(`${unflagged} (`);
  await expect(list.getByRole('button', { name: `Assign ${unflagged}` })).toHaveCount(0);

  // Flagged: the dialog names the conflict and needs a reason.
  await list.getByRole('button', { name: `Assign ${FLAGGED}` }).click();
  const dialog = page.getByRole('dialog', { name: `Assign ${FLAGGED} despite a possible conflict?` });
  await expect(dialog.getByRole('list', { name: 'Possible conflicts' })).toContainText('Same institution');
  await dialog.getByRole('button', { name: 'Assign Anyway' }).click();
  await expect(dialog.getByText(REVIEWER_ASSISTANT_MESSAGES.reasonBlank)).toBeVisible();
  await look(page, 'reviewer-conflict-dialog');
  await expectNoAxeViolations(page);
  await dialog
    .getByRole('textbox', { name: /Reason for assigning them/ })
    .fill('The only reviewer who knows this genotyping array.');
  await dialog.getByRole('button', { name: 'Assign Anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${FLAGGED} assigned to ${filed.portal_request_id}.`)).toBeVisible();
  await expect(panel).toContainText(`${FLAGGED} (portal_reviewer@demo.test)`);
  await expect(list.getByRole('button', { name: `Assign ${FLAGGED}` })).toHaveCount(0);

  // The reviewer workload, from the coordinator's navigation: the counts the API computes.
  const headers = await apiHeaders(request, COORDINATOR);
  const expected = (
    await (
      await request.get(`/api/reviewer-workload/?search=${encodeURIComponent(FLAGGED)}`, { headers })
    ).json()
  ).results[0];
  await page.getByRole('link', { name: 'Reviewer Workload' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviewer Workload' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(FLAGGED);
  const table = page.getByRole('table', { name: 'Reviewer workload' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: FLAGGED }) });
  await expect(table.getByRole('row')).toHaveCount(2);
  const cells = row.getByRole('cell');
  await expect(cells.nth(3)).toHaveText(String(expected.open_reviews));
  await expect(cells.nth(4)).toHaveText(String(expected.due_soon));
  await expect(cells.nth(5)).toHaveText(String(expected.overdue));
  await look(page, 'reviewer-workload');
  await expectNoAxeViolations(page);

  await row.getByRole('link', { name: FLAGGED }).click();
  await expect(page.getByRole('heading', { level: 1, name: FLAGGED })).toBeVisible();
  if (expected.open_reviews > 0)
    await expect(page.getByRole('table', { name: 'Open reviews' }).getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/request\/\d+$/,
    );
  else await expect(page.getByText('No open reviews.')).toBeVisible();
  await look(page, 'reviewer-workload-detail');
  await expectNoAxeViolations(page);
});
