import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { fileDemoDatasetRequest } from '../support/requests';
import { signIn } from '../support/session';

// Several screens per journey on a machine the whole team shares.
test.describe.configure({ timeout: 120_000 });

const APPROVED = 'SPARK Phenotype Dataset, SPARK Whole Exome Sequencing';

test('a researcher reads their requests: home panel, list, tabs, audit trail, and deletes a Created request', async ({
  page,
  request,
}) => {
  const draft = await fileDemoDatasetRequest(request, 'SPARK Genotyping Array', { gpf_access_status: 1 });
  await signIn(page, 'primary_researcher@demo.test');

  // Home: Recent Requests with the New Request button.
  const recent = page.getByRole('table', { name: 'Your recent requests' });
  await expect(page.getByRole('heading', { level: 2, name: 'Recent Requests' })).toBeVisible();
  await expect(recent.getByRole('link', { name: APPROVED })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Request' })).toHaveAttribute('href', '/request/create');

  // The list: no search for PIs, New Request, newest submission first.
  await page.getByRole('link', { name: 'View all requests' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search requests' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New Request' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Requests' });
  for (const column of [
    'Portal ID',
    'Requested Resource',
    'Cohort',
    'Creator',
    'Institution',
    'Date Submitted',
    'Status',
  ])
    await expect(table.getByRole('row').first()).toContainText(column);
  const approvedRow = table.getByRole('row').filter({ hasText: APPROVED });
  await expect(approvedRow).toContainText('Approved');
  await expect(approvedRow).toContainText('SPARK');
  await expect(table.getByRole('row').filter({ hasText: draft.portal_request_id })).toContainText('Created');
  await expectNoAxeViolations(page);

  // The approved dataset request: its tabs, moved through with the Continue links.
  await approvedRow.getByRole('cell').nth(1).click();
  await expect(page.getByRole('heading', { level: 1, name: APPROVED })).toBeVisible();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText([
    'PI and Project',
    'Request Details and Research Team',
    'Data Sharing Policy',
    'Access Details',
    'Renewal Info',
  ]);
  await expect(
    page.getByRole('link', { name: 'Sleep and daytime behaviour in autistic children' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Request Details and Research Team' }).click();
  await expect(page.getByRole('tab', { name: 'Request Details and Research Team' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const datasets = page.getByRole('table', { name: 'Requested datasets table' });
  await expect(datasets.getByRole('link', { name: 'SPARK Phenotype Dataset' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Research Team' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Data Sharing Policy' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Data Sharing Policy' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Access Details' }).click();
  // Demo University is approved with an executed RDA: the datasets' access channels show.
  const access = page.getByRole('table', { name: 'Access details table' });
  await expect(access.getByRole('row').filter({ hasText: 'SPARK Phenotype Dataset' })).toContainText(
    'Globus',
  );
  await page.getByRole('button', { name: 'Continue to Renewal Info' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Renewal Info' })).toBeVisible();
  await expectNoAxeViolations(page);

  // An approved request cannot be deleted.
  await expect(page.getByRole('button', { name: 'Delete Request' })).toHaveAttribute('data-disabled', 'true');

  // The audit trail: the creation and the comparison of versions.
  await page.getByRole('button', { name: 'View Audit Trail' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Audit Trail' })).toBeVisible();
  await expect(page.getByText('Created by Demo Primary Researcher')).toBeVisible();
  const comparison = page.getByRole('table', { name: 'Version comparison table' });
  await expect(comparison.getByRole('row').filter({ hasText: 'Status' })).toContainText('Approved');
  await expect(page.getByRole('heading', { level: 2, name: 'Team Members' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Back to Request' }).click();
  await expect(page.getByRole('tab', { name: 'PI and Project' })).toBeVisible();

  // The Created request is deleted after confirming.
  await page.goto(`/request/${draft.id}`);
  await expect(page.getByRole('heading', { level: 1, name: draft.display_name })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Request' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this request?' });
  await confirm.getByRole('button', { name: 'Delete Request' }).click();
  await expect(page.getByText('Request Deleted Successfully')).toBeVisible();
  await expect(page.getByText(`${draft.display_name} has been removed from the system.`)).toBeVisible();
  await expect(page).toHaveURL(/\/request$/);
  await expect(
    page.getByRole('table', { name: 'Requests' }).getByRole('row').filter({ hasText: APPROVED }),
  ).toBeVisible();
  await expect(page.getByText(draft.portal_request_id)).toHaveCount(0);
});

test('an admin searches and filters every request, has the Add New Request and CSV Download menu', async ({
  page,
}) => {
  await signIn(page, 'portal_admin@demo.test');
  await page.goto('/request');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Requests' });
  await expect(table.getByRole('row').filter({ hasText: APPROVED })).toBeVisible();

  await page.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Add New Request' })).toHaveAttribute(
    'href',
    '/request/create',
  );
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('requests.csv');
  const csv = (await readFile(await (await download).path(), 'utf8')).split('\r\n');
  expect(csv[0]).toBe(
    'portal_request_id,requested_resource,cohort,creator,institution,date_submitted,status',
  );
  expect(csv.filter((line) => line.includes(APPROVED)).length).toBeGreaterThan(0);

  // Search from two characters.
  await page.getByRole('textbox', { name: 'Search requests' }).fill('Whole Exome');
  await expect(table.getByRole('row').filter({ hasText: APPROVED })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search requests' }).fill('no such request anywhere');
  await expect(page.getByText('No results matching search.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(table.getByRole('row').filter({ hasText: APPROVED })).toBeVisible();

  // The cohort filter.
  await page.getByRole('button', { name: 'Show/Hide Filters' }).click();
  await page.getByRole('combobox', { name: 'Cohort' }).click();
  await page.getByRole('option', { name: 'SSC', exact: true }).click();
  await expect(page.getByText('No results matching search.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Cohort' }).click();
  await page.getByRole('option', { name: 'SPARK', exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: APPROVED })).toBeVisible();
  await expectNoAxeViolations(page);

  // Staff see the approved request's tabs too.
  // Rows are reachable by keyboard through their portal id link.
  await table.getByRole('row').filter({ hasText: APPROVED }).getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: APPROVED })).toBeVisible();
  await expect(
    page.getByText('This request is from a researcher at an unconfirmed institution.'),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A biospecimen request: staff check sample availability on its own tab.
  await page.goto('/request');
  await page.getByRole('textbox', { name: 'Search requests' }).fill('Plasma');
  // The demo researcher's plasma request (the pending-team demo of decision 076 has another).
  await table
    .getByRole('row')
    .filter({ hasText: 'Plasma' })
    .filter({ hasText: 'Demo Primary Researcher' })
    .getByRole('link')
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plasma' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([
    'PI and Project',
    'Request Details',
    'Research Team',
    'Data Sharing Policy',
    'Availability',
    'Renewal Info',
  ]);
  await page.getByRole('tab', { name: 'Availability' }).click();
  const availability = page.getByRole('table', { name: 'Sample availability table' });
  await expect(availability.getByRole('row').filter({ hasText: '11000-p1' })).toContainText('Available');
  await expectNoAxeViolations(page);
});
