import { expect, test, type Browser } from '../support/test';
import { expectNoAxeViolations } from '../support/axe';
import { apiHeaders } from '../support/requests';
import { signIn } from '../support/session';
import { look } from '../support/look';

/**
 * The tissue review cycle (issue 18): the tissue project manager begins review of the demo's new
 * tissue request, which has an assigned ABN reviewer; the reviewer opens the review form in its own
 * window from the request, and scores it there (autosaved, then submitted);
 * the project manager closes review, moving it to Make Decision, and reads the score on the
 * request's Reviews tab.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const MANAGER = 'abn_proj_mgr@demo.test';
const REVIEWER = 'abn_reviewer@demo.test';

async function personPage(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

test('begin review, score on the review page, close review', async ({ browser, request }) => {
  // The demo's new tissue request (seeded with the ABN reviewer assigned).
  const headers = await apiHeaders(request, MANAGER);
  const found = (await (await request.get('/api/request/?type=8&status=2', { headers })).json()) as {
    results: { id: number; portal_request_id: string }[];
  };
  const { id, portal_request_id: portalId } = found.results[0]!;

  // 1. The project manager's dashboard and Begin Review.
  const manager = await personPage(browser, MANAGER);
  await manager.getByRole('link', { name: 'Autism BrainNet' }).first().click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Autism BrainNet' })).toBeVisible();
  await manager.getByRole('tab', { name: /^New/ }).click();
  await expect(manager.getByRole('table', { name: 'New requests' }).getByText(portalId)).toBeVisible();
  await look(manager, 'abn-dashboard');
  await expectNoAxeViolations(manager);

  await manager.getByRole('link', { name: 'Begin Review' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Start Tissue Review' })).toBeVisible();
  await expect(manager.getByRole('checkbox', { name: `Choose ${portalId}` })).toBeChecked();
  const begin = manager.getByRole('button', { name: 'Begin Review' });
  await expect(begin).toBeDisabled(); // a due date first
  const due = new Date(Date.now() + 7 * 86_400_000);
  const dueTyped = `${String(due.getMonth() + 1).padStart(2, '0')}/${String(due.getDate()).padStart(2, '0')}/${due.getFullYear()}`;
  await manager.getByRole('textbox', { name: 'Reviews due by' }).fill(dueTyped);
  await manager.getByRole('textbox', { name: 'Reviews due by' }).press('Tab');
  await expect(begin).toBeEnabled();
  await look(manager, 'abn-start-review');
  await expectNoAxeViolations(manager);
  await begin.click();
  await expect(
    manager.getByRole('alert').filter({ hasText: 'Appliation(s) Moved Successfully' }).first(),
  ).toBeVisible();

  // 2. The reviewer opens the review form in its own window from the request's Reviews tab.
  const reviewerHome = await personPage(browser, REVIEWER);
  await reviewerHome.goto(`/request/${id}`);
  await reviewerHome.getByRole('tab', { name: 'Reviews' }).click();
  // Staff §2.6: the review opens in a new window of its own, and the request stays where it was.
  const [reviewer] = await Promise.all([
    reviewerHome.context().waitForEvent('page'),
    reviewerHome.getByRole('link', { name: 'Open Review Form' }).click(),
  ]);
  await expect(reviewer).toHaveURL(new RegExp(`/abn-review/${id}$`));
  await expect(reviewerHome).toHaveURL(new RegExp(`/request/${id}(\\?tab=reviews)?$`));
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Tissue Request Review' })).toBeVisible();
  await expect(reviewer.getByRole('table', { name: 'Score guide' })).toContainText('Outstanding');
  const importance = reviewer.getByRole('region', { name: 'Importance' });
  await importance.getByRole('textbox', { name: 'Comment' }).fill('A central question for the field.');
  const score = importance.getByRole('textbox', { name: /Score/ });
  await score.fill('43');
  await expect(score).toHaveValue('45'); // snapped after a 1 s pause
  // Scores and comments save themselves a second after typing stops, without Submit Review; the
  // page says when (issue 30 item 6), and a reload keeps them.
  const saves: string[] = [];
  reviewer.on('request', (sent) => {
    if (sent.method() === 'PATCH' && sent.url().includes('/api/tissue_review/')) saves.push(sent.url());
  });
  await importance
    .getByRole('textbox', { name: 'Comment' })
    .fill('A central question for the field, well posed.');
  const status = reviewer.getByRole('region', { name: 'Progress' }).getByRole('status');
  await expect(status).toHaveText('Unsaved changes');
  await expect(status).toHaveText(/^Saved at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/);
  expect(saves.length).toBeGreaterThan(0);
  await reviewer.reload();
  await expect(importance.getByRole('textbox', { name: 'Comment' })).toHaveValue(
    'A central question for the field, well posed.',
  );
  await expect(score).toHaveValue('45');
  const design = reviewer.getByRole('region', { name: 'Design' });
  await design.getByRole('textbox', { name: /Score/ }).fill('35');
  await reviewer.getByRole('textbox', { name: 'Recommendation' }).fill('Fund it.');
  await expect(reviewer.getByText("30% of the review's fields have a score or comment.")).toBeVisible();
  await look(reviewer, 'abn-review');
  await expectNoAxeViolations(reviewer);
  await reviewer.getByRole('button', { name: 'Submit Review' }).click();
  const saved = reviewer.getByRole('dialog', { name: 'Review has been saved' });
  await expect(saved.getByRole('button', { name: 'Return To Home' })).toBeVisible();
  await expectNoAxeViolations(reviewer, '[role="dialog"]');
  // Close ends the review window.
  await Promise.all([reviewer.waitForEvent('close'), saved.getByRole('button', { name: 'Close' }).click()]);

  // 3. The project manager closes review: the request moves to Make Decision.
  await manager.goto('/abn-dashboard?tab=review');
  await manager.getByRole('checkbox', { name: `Select ${portalId}` }).check();
  await manager.getByRole('button', { name: 'Close Review and Move to Make Decision' }).click();
  const moved = manager.getByRole('dialog', { name: 'Appliation(s) Moved Successfully' });
  await expect(moved).toContainText('The application has been moved to Make Decision.');
  await manager.keyboard.press('Escape');
  await expect(moved).toHaveCount(0);
  await manager.getByRole('tab', { name: /Make Decision/ }).click();
  await manager.getByRole('table', { name: 'Make Decision requests' }).getByText(portalId).click();
  await manager.getByRole('tab', { name: 'Reviews' }).click();
  await expect(manager.getByText('Mean of criterion averages: 40.00')).toBeVisible();
  await look(manager, 'abn-request-reviews');
  await expectNoAxeViolations(manager);

  // The reviewer's review is read-only now.
  await reviewerHome.goto(`/abn-review/${id}`);
  await expect(reviewerHome.getByText(/can be changed only while the request is Under Review/)).toBeVisible();
  await expect(reviewerHome.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
});

test("the reviewer reads the demo tissue request's collection and its donors", async ({
  browser,
  request,
}) => {
  // The demo's tissue request for review asks for a collection of five catalogue donors (issue 30).
  const headers = await apiHeaders(request, REVIEWER);
  const found = (await (await request.get('/api/request/?type=8', { headers })).json()) as {
    results: { id: number; owner: { display_name: string } }[];
  };
  const { id } = found.results.find((row) => row.owner.display_name === 'Tobias Applicant')!;
  const reviewer = await personPage(browser, REVIEWER);
  await reviewer.goto(`/request/${id}`);
  await reviewer.getByRole('tab', { name: 'Collection' }).click();
  await expect(reviewer.getByText('No cart data available as this is a legacy request')).toHaveCount(0);
  await expect(reviewer.getByRole('link', { name: 'Cerebellar vermis cases' })).toBeVisible();
  const donors = reviewer.getByRole('table', { name: 'Donors of this request' });
  await expect(donors.getByRole('row')).toHaveCount(6); // the header and five donors
  await expectNoAxeViolations(reviewer);
});
