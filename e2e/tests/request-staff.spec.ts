import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { fileDemoDatasetRequest } from '../support/requests';
import { signIn } from '../support/session';
import { look } from '../support/look';

// Several screens and two people on a machine the whole team shares.
test.describe.configure({ timeout: 150_000 });

test('an admin assigns a reviewer, adds a comment and a Zendesk ticket, finds the request in the command centre; the reviewer sees it at home', async ({
  page,
  request,
  browser,
}) => {
  const filed = await fileDemoDatasetRequest(request, 'SPARK Genotyping Array', {
    gpf_access_status: 1,
    submit: true,
  });
  await signIn(page, 'portal_admin@demo.test');
  await page.goto(`/request/${filed.id}`);
  const panel = page.getByRole('region', { name: 'Staff Panel' });
  await expect(panel).toBeVisible();

  // Reviewers: search the reviewer groups and save.
  const reviewers = panel.getByPlaceholder('Search reviewers');
  await reviewers.click();
  await reviewers.fill('Portal Rev');
  await page.getByRole('option', { name: /Demo Portal Reviewer/ }).click();
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: 'Save Reviewers' }).click();
  await expect(page.getByText('Reviewers saved.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save Reviewers' })).toBeDisabled();

  // A comment, visible to admins and project managers.
  await panel.getByRole('textbox', { name: 'New comment' }).fill('IRB checked; waiting for the reviewer.');
  await panel.getByRole('button', { name: 'Add Comment' }).click();
  await expect(panel.getByRole('list', { name: 'Comments' })).toContainText(
    'IRB checked; waiting for the reviewer.',
  );

  // A Zendesk ticket: the local fake's conversation is shown; an unknown id says so.
  const tickets = panel.getByPlaceholder('Ticket number');
  await tickets.fill('424242');
  await tickets.press('Enter');
  await panel.getByRole('button', { name: 'Save Tickets' }).click();
  await expect(
    panel.getByText('No valid conversations to display. Please re-check the zendesk ids provided.'),
  ).toBeVisible();
  await tickets.fill('1001');
  await tickets.press('Enter');
  await panel.getByRole('button', { name: 'Save Tickets' }).click();
  await expect(panel.getByText('#1001 Question about my dataset request')).toBeVisible();
  await expect(
    panel.getByText('Hello, could you tell me when my dataset request will be reviewed?'),
  ).toBeVisible();
  await look(page, 'staff-panel');
  await expectNoAxeViolations(page);

  // The command centre's Resource Requests: the assigned filter finds it, the unassigned one does not.
  await page.goto('/');
  await page.getByRole('tab', { name: 'Resource Requests' }).click();
  await expect(page).toHaveURL(/\/resource-request$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resource Requests' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All Requests' })).toHaveAttribute('href', '/request');
  const table = page.getByRole('table', { name: 'Resource requests' });
  const assignment = page.getByRole('radiogroup', { name: 'Assignment' });
  await assignment.getByText('Unassigned').click();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('link', { name: filed.portal_request_id })).toHaveCount(0);
  await assignment.getByText('Assigned', { exact: true }).click();
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: filed.portal_request_id }) });
  await expect(row).toContainText('Demo Portal Reviewer');
  // The details open from the keyboard too.
  await row.getByRole('button', { name: `Show details of ${filed.portal_request_id}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Rare genetic variants and language development')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View IRB' })).toBeVisible();
  await look(page, 'resource-request');
  await expectNoAxeViolations(page);

  // The request list's staff filters: the reviewer finds it, a past review quarter does not.
  await page.getByRole('link', { name: 'View All Requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await page.getByRole('button', { name: 'Show/Hide Filters' }).click();
  await page.getByRole('combobox', { name: 'Reviewer', exact: true }).fill('Portal Rev');
  await page.getByRole('option', { name: 'Demo Portal Reviewer' }).click();
  const requests = page.getByRole('table', { name: 'Requests' });
  await expect(requests.getByRole('link', { name: filed.portal_request_id })).toBeVisible();
  await page.getByRole('combobox', { name: 'Review quarter' }).click();
  await page.getByRole('option', { name: 'Q4 2018 (October – December)' }).click();
  await expect(requests.getByRole('link', { name: filed.portal_request_id })).toHaveCount(0);
  await look(page, 'request-list-filters');

  // The reviewer finds it among their applications to review, and opens it.
  const reviewerPage = await (await browser.newContext()).newPage();
  await signIn(reviewerPage, 'portal_reviewer@demo.test');
  const assigned = reviewerPage.getByRole('table', { name: 'Requests Assigned to You' });
  await expect(assigned.getByRole('row').filter({ hasText: filed.portal_request_id })).toBeVisible();
  await look(reviewerPage, 'reviewer-home');
  await expectNoAxeViolations(reviewerPage);
  await assigned.getByRole('row').filter({ hasText: filed.portal_request_id }).click();
  await expect(reviewerPage).toHaveURL(new RegExp(`/request/${filed.id}$`));
  await expect(reviewerPage.getByRole('region', { name: 'Staff Panel' })).toContainText(
    'Demo Portal Reviewer',
  );
  await reviewerPage.context().close();
});
