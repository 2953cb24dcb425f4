import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { demoIssue, logInAs } from './demo-session';
import { expect, test } from './fixtures';
import { waitForNetworkQuiet, watchNetwork } from './network';

// WCAG 2.2 AA on the screens the journeys in the other specs do not pass through (they check the
// ones they visit themselves), and the main screens at phone width. Seeded demo organisation.
/** Opens a screen and waits until its data is shown: a heading, and no loader left. */
async function open(page: Page, path: string) {
  watchNetwork(page);
  await page.goto(path);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await waitForNetworkQuiet(page);
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]')).toHaveCount(0);
}

/** Opens each screen in turn and checks it. */
async function checkEach(page: Page, paths: string[]) {
  for (const path of paths) {
    await open(page, path);
    await expectAccessible(page, path);
  }
}

test.describe('at desktop width', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('the logged-out screens', async ({ page }) => {
    await checkEach(page, [
      '/login',
      '/signup',
      '/forgot-password',
      // The mailed links' pages, as a link that is no longer valid shows them.
      '/change-password?token=expired-link',
      '/activate_account?token=expired-link',
      '/auth/tokenlogin?token=expired-link',
      '/public/join_organisation?token=expired-link',
    ]);
  });

  // An admin sees every screen; one test per area keeps each inside the time limit.
  test('the issue screens', async ({ page, request }) => {
    const issueId = (await demoIssue(request, `Flickering light ${Date.now()}`)).issueId;
    await logInAs(page, 'admin@demo.test');
    await checkEach(page, [
      '/dashboard/issues?density=compact',
      '/dashboard/issues/add',
      `/dashboard/issues/edit/${issueId}`,
    ]);
  });

  test('the workspace screens', async ({ page }) => {
    await logInAs(page, 'admin@demo.test');
    await checkEach(page, [
      '/dashboard/workspaces',
      '/dashboard/workspaces/detail/1',
      '/dashboard/workspaces/add',
      '/dashboard/workspaces/edit/1',
    ]);
  });

  test('the people and collaboration screens', async ({ page }) => {
    await logInAs(page, 'admin@demo.test');
    await checkEach(page, [
      '/dashboard/profiles',
      '/dashboard/profile/detail',
      '/dashboard/profile/edit',
      '/dashboard/collaborators',
    ]);
    // Another person's profile and a partner company, reached from their lists.
    await page.getByRole('main').locator('a[href^="/dashboard/collaborators/detail/"]').first().click();
    await expect(page).toHaveURL(/\/dashboard\/collaborators\/detail\/\d+$/);
    await open(page, page.url());
    await expectAccessible(page, 'collaboration detail');
    await open(page, '/dashboard/profiles');
    await page.getByRole('main').getByRole('link', { name: 'Anna Member' }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile\/detail\/\d+$/);
    await open(page, page.url());
    await expectAccessible(page, 'profile of another person');
  });

  test('the category, template and calendar screens', async ({ page }) => {
    await logInAs(page, 'admin@demo.test');
    await checkEach(page, [
      '/dashboard/categories',
      '/dashboard/templates',
      '/dashboard/templates/checklists',
      '/dashboard/templates/checklists/add',
      '/dashboard/templates/autocomplete',
      '/dashboard/calendar',
    ]);
  });
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('login, the app prompt, issue list and issue detail', async ({ page, request }) => {
    const issueId = (await demoIssue(request, `Flickering light ${Date.now()}`)).issueId;
    await open(page, '/login');
    await expectAccessible(page, 'login (phone)');
    await logInAs(page, 'admin@demo.test');
    // The first dashboard page on a phone offers the mobile app once.
    const prompt = page.getByRole('dialog', { name: 'Get the Workbench app' });
    await expect(prompt).toBeVisible();
    await expectAccessible(page, 'mobile app prompt (phone)');
    await prompt.getByRole('button', { name: 'Continue in the browser' }).click();
    await expect(prompt).toBeHidden();
    await open(page, '/dashboard/issues');
    await expectAccessible(page, 'issue list (phone)');
    await open(page, `/dashboard/issues/detail/${issueId}`);
    await expectAccessible(page, 'issue detail (phone)');
  });
});
