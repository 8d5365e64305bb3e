import { expect, type Page } from './test';

/** Steps of the request wizard its journeys share (tests/request-wizard-*.spec.ts). */

export async function pick(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

export async function selectResource(page: Page, name: string) {
  await page.getByRole('button', { name: `Select ${name}`, exact: true }).click();
}

export async function createProject(page: Page, title: string) {
  await pick(page, 'Project', 'Create project');
  await page.getByRole('textbox', { name: 'Project title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Abstract' })
    .fill('How sleep patterns relate to sensory processing.');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Create Project' }).click();
  // A new project is unlocked: the wizard edits it in place.
  await expect(page.getByRole('heading', { level: 3, name: 'Edit Project' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Project title' })).toHaveValue(title);
}

export async function answerUsage(page: Page) {
  await expect(stepHeading(page, 'Resource usage')).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeDisabled();
  const groups = page.getByRole('radiogroup');
  for (let index = 0; index < 3; index++)
    await groups.nth(index).getByRole('radio', { name: 'Yes', exact: true }).check();
  await expect(continueButton).toBeDisabled();
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect(continueButton).toBeEnabled();
  await continueButton.click();
}
