import { expect, test, type Page } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/session';

/** A date `days` from today as the form takes it (mm/dd/yyyy). */
function usDate(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

const IRB_PDF = {
  name: 'irb-approval.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
};

// Long journeys through several screens, on a machine the whole team shares.
test.describe.configure({ timeout: 120_000 });

// The EICAR test file, built from parts so this file itself is never flagged.
const EICAR = {
  name: 'eicar.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join('')),
};

async function chooseIrbFile(page: Page, file: typeof IRB_PDF) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^IRB \/ Institutional Assurance document/ }).click();
  await (await chooser).setFiles(file);
}

async function pick(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

async function fillDate(page: Page, label: string, value: string) {
  const input = page.getByRole('textbox', { name: label });
  await input.fill(value);
  await input.press('Tab');
}

test('a researcher creates a project with an IRB and two team members, edits it and reads its audit trail', async ({
  page,
}) => {
  const title = `Sleep and sensory processing ${Date.now()}`;
  await signIn(page, 'primary_researcher@demo.test');
  await expect(page.getByRole('heading', { level: 2, name: 'Projects' })).toBeVisible();

  await page.goto('/project');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search projects' })).toHaveCount(0);
  await page.getByRole('link', { name: 'New Project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Project' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Abstract' })
    .fill('We study sleep and sensory processing in autistic children.');
  await page.getByRole('radio', { name: 'Yes', exact: true }).check();

  // The IRB: a PDF, approved, with dates in the wrong direction first.
  await chooseIrbFile(page, EICAR);
  await page.getByRole('radio', { name: 'Approved' }).check();
  await fillDate(page, 'Approval date', usDate(10));
  await fillDate(page, 'Renewal date', usDate(-10));
  await page.getByRole('textbox', { name: 'Assurance number' }).fill('FWA00001234');

  // Two team members: one at the demo institution, one whose institution is not listed.
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await page.getByRole('button', { name: 'Add Team Member' }).click();
  await page.getByRole('textbox', { name: 'First name, team member 2' }).fill('Casey');
  await page.getByRole('textbox', { name: 'Last name, team member 2' }).fill('Coinvestigator');
  await page.getByRole('textbox', { name: 'Email, team member 2' }).fill('casey.co@example.edu');
  await pick(page, 'Role, team member 2', 'Co-Investigator');
  await page.getByRole('combobox', { name: 'Institution, team member 2' }).click();
  await page.getByRole('option').nth(1).click();
  await page.getByRole('textbox', { name: 'First name, team member 3' }).fill('Sam');
  await page.getByRole('textbox', { name: 'Last name, team member 3' }).fill('Student');
  await page.getByRole('textbox', { name: 'Email, team member 3' }).fill('not-an-email');
  await pick(page, 'Role, team member 3', 'Student');
  await pick(page, 'Institution, team member 3', 'Institution is not listed');
  await page.getByRole('textbox', { name: 'Globus username, team member 3' }).fill('no spaces allowed');

  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Must have a previous date')).toBeVisible();
  await expect(page.getByText('Must have a future date')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Not a valid Globus Id or Username')).toBeVisible();

  await fillDate(page, 'Approval date', usDate(-30));
  await fillDate(page, 'Renewal date', usDate(365));
  await page.getByRole('textbox', { name: 'Email, team member 3' }).fill('sam.student@example.edu');
  await page.getByRole('textbox', { name: 'Globus username, team member 3' }).fill('sam@globusid.org');
  // The scanner refuses the infected file (412) and nothing is created.
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('File eicar.pdf did not pass virus scan')).toBeVisible();
  await expect(page).toHaveURL(/\/project\/create$/);
  await chooseIrbFile(page, IRB_PDF);
  await page.getByRole('button', { name: 'Create Project' }).click();

  // The modal says what happened (no resource request exists yet) and offers the next step.
  const created = page.getByRole('dialog', { name: 'Project created' });
  await expect(created).toContainText(`${title} (P`);
  await expect(created).toContainText('has been created with its IRB / Institutional Assurance.');
  await expect(created).not.toContainText('resource request and get back');
  await expect(created.getByRole('link', { name: 'Create Resource Request' })).toHaveAttribute(
    'href',
    /\/request\/create\?project=\d+#project_request_1$/,
  );
  await created.getByRole('button', { name: 'Close' }).last().click();
  await expect(page).toHaveURL(/\/project\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const team = page.getByRole('table', { name: 'Research team members' });
  await expect(team.getByText('Casey Coinvestigator')).toBeVisible();
  await expect(team.getByText('Sam Student')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'View IRB' }).click();
  expect((await download).suggestedFilename()).toBe('irb-approval.pdf');
  await expectNoAxeViolations(page);

  // The team: an unchanged save sends nothing; switching a member's access off is saved.
  await page.getByRole('button', { name: 'Edit Team' }).click();
  await page.getByRole('button', { name: 'Save Team' }).click();
  await expect(page.getByText('The research team is unchanged.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Team' }).click();
  await page.getByRole('switch', { name: 'Access for Sam Student' }).uncheck({ force: true });
  await page.getByRole('button', { name: 'Save Team' }).click();
  await expect(page.getByText('Research Team Updated')).toBeVisible();
  await expect(
    team.getByRole('row', { name: /Sam Student/ }).getByRole('cell', { name: 'No', exact: true }),
  ).toBeVisible();

  // Edit: the non-autism answer is fixed; the title changes.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Project' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Yes', exact: true })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Title' }).fill(`${title} (revised)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${title} (revised)` })).toBeVisible();

  // The audit trail: created, then modified, both by the PI.
  await page.getByRole('button', { name: 'View Audit Trail' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Audit Trail' })).toBeVisible();
  await expect(page.getByText(/^Created by .+ \(PI\)$/)).toBeVisible();
  await expect(page.getByText(/^Modified by .+ \(PI\)$/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The list finds it; the abstract opens in its modal.
  await page.goto('/project');
  const row = page.getByRole('row', { name: new RegExp(`${title} \\(revised\\)`) });
  await row.getByRole('button', { name: 'View Abstract' }).click();
  await expect(page.getByRole('dialog', { name: `${title} (revised) Abstract` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
  // The row opens from the keyboard: its link takes the focus and Enter opens the project.
  await row.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/project\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `${title} (revised)` })).toBeVisible();
});

test('an admin creates a project for a PI, then deletes it after confirming', async ({ page }) => {
  const title = `Admin-created cohort study ${Date.now()}`;
  await signIn(page, 'portal_admin@demo.test');
  await page.goto('/project');
  await expect(page.getByRole('button', { name: /^Principal Investigator/ })).toBeVisible();
  // Staff search the list (from 2 characters, after a pause).
  await page.getByRole('textbox', { name: 'Search projects' }).fill('daytime behaviour');
  await expect(page.getByRole('row', { name: /Rare genetic variants/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /Sleep and daytime behaviour/ })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('row', { name: /Rare genetic variants/ })).toBeVisible();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Add New Project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Project' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Please choose the Principal Investigator.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Principal Investigator' }).fill('primary_researcher');
  await page.getByRole('option', { name: /primary_researcher@demo\.test/ }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Abstract' }).fill('A study the foundation sets up for a PI.');
  await page.getByRole('radio', { name: 'Yes', exact: true }).check();
  await page.getByRole('button', { name: 'Create Project' }).click();
  await page
    .getByRole('dialog', { name: 'Project created' })
    .getByRole('button', { name: 'Close' })
    .last()
    .click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Principal Investigator', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete Project' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this project?' });
  await expect(confirm.getByText('This project will go away as a result of this action.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete Project' }).click();
  await expect(page.getByText('Project Deleted Successfully.')).toBeVisible();
  await expect(page.getByText(`${title} has been removed from the system.`)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
