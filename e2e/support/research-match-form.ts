import type { Page } from '@playwright/test';

/** The smallest PDF the upload's content check takes for one. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Chooses a PDF for a file field of a dynamic form (its button is named by the field's label). */
export async function attach(page: Page, label: string, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: PDF });
}

export async function fill(page: Page, label: string, value: string) {
  await page.getByRole('textbox', { name: label, exact: true }).fill(value);
}

/**
 * Every field of the Research Match application (researcher §3) but its documents, with the answers
 * of a family-routines survey.
 */
export async function fillResearchMatchApplication(page: Page, layTitle: string) {
  await fill(page, 'Lay title', layTitle);
  await fill(page, 'Lay abstract', 'We ask families how mealtimes and daily routines go.');
  await page.getByRole('checkbox', { name: 'Behavior and development' }).check();
  const keywords = page.getByRole('combobox', { name: 'Keywords' });
  await keywords.click();
  await keywords.pressSequentially('Behavior');
  await keywords.press('Enter');
  await page.getByRole('checkbox', { name: 'Online Survey' }).check();
  await page
    .getByRole('radiogroup', { name: 'Who will build the online survey?' })
    .getByRole('radio', { name: 'My team' })
    .check();
  await fill(page, 'Research aims', 'Describe mealtime routines and their relation to wellbeing.');
  await fill(page, 'Hypotheses', 'Predictable mealtimes relate to lower parent stress.');
  await page.getByRole('checkbox', { name: 'SPARK' }).check();
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('3');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('12');
  await page
    .getByRole('radiogroup', { name: 'Recruitment region' })
    .getByRole('radio', { name: 'National' })
    .check();
  await fill(page, 'Number of participants', '250');
  await fill(page, 'Justification of the number of participants', 'A power analysis.');
  await fill(page, 'Inclusion criteria', 'Families of autistic children aged 3 to 12.');
  await fill(page, 'Exclusion criteria', 'None.');
  await fill(page, 'Time commitment per participant', '20 minutes');
  await fill(page, 'Standardized instruments', 'Brief Autism Mealtime Behavior Inventory');
  await fill(page, 'Study procedure', 'One online survey.');
  await fill(page, 'Risks to participants', 'Minimal.');
  await fill(page, 'Feedback to participants', 'A summary of findings.');
  await fill(page, 'Community engagement in the study design', 'Parents reviewed the survey.');
  await fill(page, 'Funding', 'Foundation pilot grant.');
  await page
    .getByRole('radiogroup', { name: 'IRB status' })
    .getByRole('radio', { name: 'Fully approved' })
    .check();
}
