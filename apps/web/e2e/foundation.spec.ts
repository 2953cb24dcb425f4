import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';

const password = 'correct-horse-42';

// Wide enough for the sidebar to be expanded by default (000 §4: from 1350 px).
test.use({ viewport: { width: 1400, height: 900 } });

async function signUp(page: Page, email: string) {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your organisation' })).toBeVisible();
  await expectAccessible(page, 'signup');
  await page.getByLabel('Company name').fill('Acme Facilities');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create organisation' }).click();
}

test('a new organisation signs up, logs out, logs in, switches to German and stays logged in after reload', async ({
  page,
}) => {
  const email = `ada-${Date.now()}@example.com`;
  await signUp(page, email);

  // Lands on the getting-started steps of its own organisation (issue 21), then opens the issues.
  await expect(page).toHaveURL(/\/dashboard\/onboarding$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Issues' }).click();
  await expect(page).toHaveURL(/\/dashboard\/issues$/);
  await expect(page.getByRole('banner').getByText('Acme Facilities')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No issues yet' })).toBeVisible();
  await expectAccessible(page, 'issue list of a new organisation (empty)');
  // The sidebar (its accessible name changes with the language).
  const nav = page.getByRole('navigation');
  for (const item of [
    'Workspaces',
    'Issues',
    'Scheduling',
    'Calendar',
    'Equipment',
    'Assets',
    'Users',
    'Settings',
  ]) {
    await expect(nav.getByRole('link', { name: item })).toBeVisible();
  }

  // Log out: back on the landing page, and the dashboard is closed.
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expectAccessible(page, 'user menu');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Log in to Workbench' })).toBeVisible();
  await expectAccessible(page, 'login');

  // A wrong password is refused with the spec's message.
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expectAccessible(page, 'login with an error');

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/issues$/);

  // Switch to German: the menu and the page speak German.
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(nav.getByRole('link', { name: 'Arbeitsbereiche' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Aufgaben', exact: true })).toBeVisible();
  await expectAccessible(page, 'issue list in German');

  // Reload: still logged in, still German.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/issues$/);
  await expect(nav.getByRole('link', { name: 'Aufgaben' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();
});

test('a logged-out visitor is sent to the login and brought back to the page asked for', async ({ page }) => {
  await page.goto('/dashboard/workspaces/detail/1');
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('Email').fill('manager@demo.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo12345');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/workspaces\/detail\/1$/);
  await expect(page.getByRole('heading', { name: 'Vienna HQ' })).toBeVisible();
  await expectAccessible(page, 'workspace detail');

  // An unknown path falls back to the landing page, which sends a logged-in user on to the dashboard.
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard\/issues$/);
});
