import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';
import { waitForNetworkQuiet, watchNetwork } from './network';

// Settings tabs (issue 21): the admin's colours and feature switches take effect at once and stay;
// the profile tab lists the sessions and signs another one out; every tab passes axe, also at 390 px.
test.use({ viewport: { width: 1400, height: 900 } });

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';

/** The background of a filled button in the brand colour. */
async function brandColour(page: Page): Promise<string> {
  const button = page.getByRole('link', { name: 'Edit profile and language' });
  await expect(button).toBeVisible();
  return button.evaluate((el) => getComputedStyle(el).backgroundColor);
}

async function resetSettings(request: import('@playwright/test').APIRequestContext) {
  const auth = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const me = (await (await request.get('/api/v4/user/client_info', { headers: auth })).json()) as {
    id: number;
  };
  const res = await request.put(`/api/v4/client/${me.id}`, {
    headers: auth,
    data: { settings: { include_assets: true, colors: { primary: '#1c7ed6', secondary: '#0b7285' } } },
  });
  expect(res.status()).toBe(200);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('workbench.mobile-prompt-dismissed', '1'));
});
test.afterAll(async ({ request }) => {
  await resetSettings(request);
});

test('the admin changes the primary colour, and it stays after a reload', async ({ page }) => {
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/dashboard\/settings\/general$/);
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('form', { name: 'Organisation' });
  await expect(card.getByLabel('Organisation name')).not.toHaveValue('');
  await expectAccessible(page, 'settings general');

  await page.getByRole('tab', { name: 'Profile' }).click();
  const before = await brandColour(page);
  await page.getByRole('tab', { name: 'General' }).click();
  await card.getByLabel('Primary colour').fill('#2b8a3e');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/profile$/);
  const after = await brandColour(page);
  expect(after).not.toBe(before);
  await page.reload();
  expect(await brandColour(page)).toBe(after);
});

test('turning assets off removes the Assets menu entry at once, and back on', async ({ page }) => {
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/settings/general');
  const menu = page.getByRole('navigation').first();
  await expect(menu.getByRole('link', { name: 'Assets' })).toBeVisible();
  const card = page.getByTestId('settings-features');
  await card.getByRole('switch', { name: 'Assets' }).click({ force: true });
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(menu.getByRole('link', { name: 'Assets' })).toHaveCount(0);
  await card.getByRole('switch', { name: 'Assets' }).click({ force: true });
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(menu.getByRole('link', { name: 'Assets' })).toBeVisible();
});

test('the profile tab lists the sessions and signs another one out', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Another session of the admin's, made on a "phone" through the API. Firefox, because other specs
  // log the admin in on Chrome on Android and only this row must be signed out.
  const phone = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'user-agent': FIREFOX_ANDROID },
  });
  const phoneToken = await apiToken(phone, 'admin@demo.test');
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/settings/profile');
  const sessions = page.getByTestId('sessions-card');
  await expect(sessions.getByTestId('session-row').first()).toContainText('This device');
  const phoneRow = sessions.getByTestId('session-row').filter({ hasText: 'Firefox on Android' }).first();
  await expect(phoneRow).toBeVisible();
  await expectAccessible(page, 'settings profile');
  await phoneRow.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Session signed out')).toBeVisible();
  const check = await phone.get('/api/v4/auth/sessions', {
    headers: { authorization: `Bearer ${phoneToken}` },
  });
  expect(check.status()).toBe(403);
  await phone.dispose();
});

test('pdf reports and about tabs; a member sees only profile and about', async ({ page }) => {
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/settings/pdf-reports');
  const pdf = page.getByTestId('settings-pdf');
  await expect(pdf.getByTestId('pdf-name-preview')).toHaveText(/\.pdf$/);
  await expectAccessible(page, 'settings pdf reports');
  // Every part off: the rule of the tab.
  for (const box of await pdf.getByRole('checkbox').all()) if (await box.isChecked()) await box.uncheck();
  await expect(pdf.getByText('At least 1 checkbox has to be selected')).toBeVisible();
  await pdf.getByRole('button', { name: 'Discard changes' }).click();

  await page.goto('/dashboard/settings/public-forms');
  await expect(page.getByRole('tab', { name: 'Public forms' })).toHaveAttribute('aria-selected', 'true');

  watchNetwork(page);
  await page.goto('/dashboard/settings/about');
  await expect(page.getByTestId('about-facts')).toContainText('Version');
  await expect(page.getByTestId('licences')).toContainText('react');
  await waitForNetworkQuiet(page);
  await expectAccessible(page, 'settings about');

  await logInAs(page, 'anna@demo.test');
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/dashboard\/settings\/profile$/);
  await expect(page.getByRole('tab')).toHaveText(['Profile', 'About']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the general and profile tabs fit 390 px', async ({ page }) => {
    await logInAs(page, 'admin@demo.test');
    for (const tab of ['general', 'profile']) {
      await page.goto(`/dashboard/settings/${tab}`);
      await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
      await expect(page.locator('main').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await expectAccessible(page, `settings ${tab} phone`);
    }
  });
});
