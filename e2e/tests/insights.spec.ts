import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { look } from '../support/look';
import { apiHeaders, fileDemoDatasetRequest } from '../support/requests';
import { signIn } from '../support/session';

test('an administrator reads how long requests take, in charts and tables, and downloads the figures', async ({
  page,
  request,
}) => {
  // A request that was submitted, reviewed and sent back for revisions: two stays ended today.
  const filed = await fileDemoDatasetRequest(request, 'SSC Structural MRI', { submit: true });
  const admin = await apiHeaders(request, 'portal_admin@demo.test');
  for (const status of [3, 6]) {
    const decided = await request.post(`/api/request/${filed.id}/decision/`, {
      headers: admin,
      data: { status },
    });
    expect(decided.status(), await decided.text()).toBe(200);
  }

  await signIn(page, 'portal_admin@demo.test');
  await page.getByRole('button', { name: 'View menu' }).click();
  await page.getByRole('menuitem', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  // The figures, then the charts from their own chunk. The demo requests were decided about a
  // month after their submission, months ago: the median is days, not "0 days".
  await expect(page.getByText('Submission to decision')).toBeVisible();
  await expect(page.getByText('Submission to decision').locator('..')).toHaveText(
    /^Submission to decision\s*[1-9][\d.]* days/,
  );
  const statusChart = page.getByTestId('status-times-chart');
  await expect(statusChart.locator('.recharts-surface')).toBeVisible();
  await expect(statusChart.getByText('90th percentile', { exact: true })).toBeVisible();
  const ageingChart = page.getByTestId('ageing-chart');
  await expect(ageingChart.locator('.recharts-surface')).toBeVisible();
  await expect(ageingChart.getByText('Over 30 days', { exact: true })).toBeVisible();
  const stays = page.getByRole('table', { name: 'Stays that ended in the period, by status' });
  await expect(stays.getByRole('row', { name: /^Under Review/ })).toBeVisible();
  const waiting = page.getByRole('table', {
    name: 'Open requests by status, and how many have waited longer',
  });
  await expect(waiting.getByRole('row', { name: /^Revisions Requested/ })).toBeVisible();
  // The demo's Research Match reviewers took days, each their own time.
  const reviewers = page.getByRole('table', { name: 'Completed reviews by reviewer' });
  await expect(reviewers.getByRole('row', { name: /^Demo External Reviewer/ })).toContainText('9.6 days');
  await expectNoAxeViolations(page);
  await look(page, 'insights');

  // One request type at a time (the demo has no funding requests).
  await page.getByRole('combobox', { name: 'Request type' }).click();
  await page.getByRole('option', { name: 'Funding' }).click();
  await expect(page.getByText(/, Funding requests\. Open items as of/)).toBeVisible();
  await expect(stays).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Request type' }).click();
  await page.getByRole('option', { name: 'Dataset' }).click();
  await expect(stays.getByRole('row', { name: /^Submitted/ })).toBeVisible();

  // A period that ends before it starts is refused, and says so.
  const from = page.getByRole('textbox', { name: 'From' });
  const chosenFrom = await from.inputValue();
  await from.fill('12/31/2099');
  await from.blur();
  await expect(
    page.getByRole('alert').getByText('The period must end on or after the day it starts.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await from.fill(chosenFrom);
  await from.blur();
  await expect(stays).toBeVisible();

  // The CSV file has every figure of the period and type.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^turnaround-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'Measure,Of,Count,Median days,90th percentile days,Over 7 days,Over 14 days,Over 30 days,Period from,Period to,Request type',
  );
  expect(csv).toContain('Time in status,Under Review,');
  expect(csv).toContain('Open items now,Revisions Requested,');
  expect(csv).toContain(',Dataset\r\n');
});

test('the administrator lead, who has no View menu, finds Insights among their links', async ({ page }) => {
  await signIn(page, 'portal_admin_lead@demo.test');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByText('Approval to fulfilment')).toBeVisible();
});
