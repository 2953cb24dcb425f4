import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, DEMO_PASSWORD, logInAs } from './demo-session';
import { expect, test } from './fixtures';
import { waitForNetworkQuiet } from './network';

// Issue 21: a new organisation's getting-started steps, the privacy consent before anything
// else, and the overview of the demo admin with its chart and numbers linking to the issue list.

const password = 'correct-horse-42';

async function signUp(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('Company name').fill('Onboard Facilities');
  await page.getByLabel('First name').fill('Olga');
  await page.getByLabel('Last name').fill('Owner');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create organisation' }).click();
}

const step = (page: Page, name: string) => page.getByTestId(`step-${name}`);

test('a new organisation lands on its getting-started steps, ticks them off and skips the rest', async ({
  page,
}) => {
  await signUp(page, `olga-${Date.now()}@example.com`);
  await expect(page).toHaveURL(/\/dashboard\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  await expect(step(page, 'create_workspace')).toHaveAttribute('data-done', 'false');
  await expect(step(page, 'create_issue')).toHaveAttribute('data-done', 'false');
  await expectAccessible(page, 'onboarding of a new organisation');

  // The first step's link opens the workspace form.
  await step(page, 'create_workspace').getByRole('link', { name: 'Add a workspace' }).click();
  await expect(page).toHaveURL(/\/dashboard\/workspaces\/add$/);
  await page.getByRole('main').getByRole('textbox', { name: 'Name' }).fill('Main building');
  await page.getByRole('main').getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/workspaces\/detail\/\d+/);

  await page.goto('/dashboard/onboarding');
  await expect(step(page, 'create_workspace')).toHaveAttribute('data-done', 'true');
  await step(page, 'create_issue').getByRole('link', { name: 'Create an issue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/issues\/add$/);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Title' }).fill('Replace the hall light');
  const workspace = main.getByRole('textbox', { name: 'Workspace' }).first();
  if (!(await workspace.inputValue())) {
    await workspace.click();
    await page.getByRole('option', { name: 'Main building' }).click();
  }
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/issues\/detail\/\d+/);

  await page.goto('/dashboard/onboarding');
  await expect(step(page, 'create_issue')).toHaveAttribute('data-done', 'true');
  // The QR code step is ticked by hand.
  await step(page, 'print_qr_code').getByRole('button', { name: 'Mark as done' }).click();
  await expect(step(page, 'print_qr_code')).toHaveAttribute('data-done', 'true');
  await expect(page.getByText('3 of 5 steps done')).toBeVisible();

  // Skip: the overview opens, and the page says it was skipped (the banner is gone).
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByTestId('onboarding-banner')).toHaveCount(0);
  await page.goto('/dashboard/onboarding');
  await expect(page.getByText('You skipped these steps')).toBeVisible();
});

/** The getting-started steps the server counts as done for the demo admin (stored and derived). */
async function demoAdminOnboarding(request: APIRequestContext): Promise<string[]> {
  const auth = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const res = await request.get('/api/v4/config?get_only=onboarding_progress', { headers: auth });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { onboarding_progress?: { completed_steps: string[] } };
  return body.onboarding_progress?.completed_steps ?? [];
}

/** Turns the demo organisation's privacy policy requirement on or off (as its admin). */
async function requirePrivacy(request: APIRequestContext, required: boolean) {
  const auth = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const me = (await (await request.get('/api/v4/user/me', { headers: auth })).json()) as {
    client: { id: number };
  };
  // The server refuses everything but the consent itself to someone who has not accepted a
  // required policy, the admin too: accept it once, so the admin can turn the requirement off again.
  const consent = await request.post('/api/v4/user/me/privacy_consent', { headers: auth });
  expect(consent.status(), await consent.text()).toBeLessThan(300);
  const res = await request.put(`/api/v4/client/${me.client.id}`, {
    headers: auth,
    data: { settings: { privacy_policy: { required, url: 'https://example.com/privacy' } } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('privacy consent', () => {
  // The demo organisation is shared with the other specs: the requirement is always turned off again.
  test.afterAll(async ({ request }) => {
    await requirePrivacy(request, false);
  });

  test('a member accepts the privacy policy once before using the app', async ({ page, request }) => {
    await requirePrivacy(request, true);
    await logInAs(page, 'ben@demo.test', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard\/privacy-consent$/);
    await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute(
      'href',
      'https://example.com/privacy',
    );
    await expectAccessible(page, 'privacy consent');
    // Another page of the dashboard leads back here.
    await page.goto('/dashboard/workspaces');
    await expect(page).toHaveURL(/\/dashboard\/privacy-consent$/);

    await page.getByRole('button', { name: 'I accept the privacy policy' }).click();
    await expect(page).toHaveURL(/\/dashboard\/workspaces$/);
    await page.goto('/dashboard/issues');
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard\/issues$/);
    await expect(page.getByRole('heading', { name: 'Privacy policy' })).toHaveCount(0);
  });
});

test('the demo admin opens the overview: the chart, and a number that opens the filtered list', async ({
  page,
  request,
}) => {
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/overview');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByTestId('weekly-chart')).toBeVisible();
  await expect(page.getByTestId('weekly-chart').locator('svg.recharts-surface').first()).toBeVisible();
  expect(await page.getByTestId('weekly-chart').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(
    0,
  );
  // The banner follows the steps the server counts as done (the QR code step depends on whether
  // another spec has scanned a demo code already): open steps show "n of 5", all done none.
  const done = (await demoAdminOnboarding(request)).length;
  await waitForNetworkQuiet(page);
  if (done < 5) await expect(page.getByTestId('onboarding-banner')).toContainText(`${done} of 5`);
  else await expect(page.getByTestId('onboarding-banner')).toHaveCount(0);
  await expectAccessible(page, 'overview');

  // The table alternative of the chart.
  await page.getByRole('button', { name: 'Show as table' }).click();
  await expect(page.getByTestId('weekly-table').getByRole('row')).toHaveCount(13);
  await expectAccessible(page, 'overview with the weekly table');

  // The organisation's overdue issues: the number is the filtered list's total.
  const card = page.getByTestId('figure-all-overdue');
  const link = card.getByRole('link', { name: /^Overdue issues: \d+/ });
  const count = Number(await link.textContent());
  expect(count).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/dashboard\/issues\?.*due_state=overdue/);
  await expect(page.getByTestId('issue-row').first()).toBeVisible();
  const rows = await page.getByTestId('issue-row').count();
  expect(rows).toBe(Math.min(count, 20));
});

test('the overview and onboarding work on a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => sessionStorage.setItem('workbench.mobile-prompt-dismissed', '1'));
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/overview');
  await expect(page.getByTestId('figure-overdue')).toBeVisible();
  await expect(page.getByTestId('overdue-by-workspace')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'overview on a phone');
  await page.goto('/dashboard/onboarding');
  // Each step is shown as the server counts it.
  const done = await demoAdminOnboarding(request);
  await expect(step(page, 'print_qr_code')).toHaveAttribute(
    'data-done',
    String(done.includes('print_qr_code')),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'onboarding on a phone');
});
