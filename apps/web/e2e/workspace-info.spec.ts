import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';

// A workspace's lease and maintenance pages (issue 21), against the real server and demo data.
test.use({ viewport: { width: 1400, height: 900 } });

async function workspaceId(request: APIRequestContext, name: string): Promise<number> {
  const auth = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const flat = (await (await request.get('/api/v4/workspace/flat', { headers: auth })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const found = flat.find((w) => w.name === name);
  expect(found, name).toBeTruthy();
  return found?.id ?? 0;
}

/** A tiny valid PDF (no scripts), as a signed contract would be. */
const contractPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('the admin records a lease with its contract and sees the notice date', async ({ page, request }) => {
  const id = await workspaceId(request, 'Graz Warehouse');
  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/workspaces/detail/${id}`);
  await page.getByRole('link', { name: 'Lease' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspaces/lease-info/${id}$`));
  await expect(page.getByRole('heading', { name: 'No lease recorded' })).toBeVisible();
  await expectAccessible(page, 'lease page without a lease');

  await page.getByRole('button', { name: 'Add the lease' }).click();
  // Saving without the landlord: the field says what is missing.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Landlord', exact: true }).fill('Murtal Logistik AG');
  await page.getByRole('textbox', { name: 'Landlord contact' }).fill('Herr Gruber, +43 316 123 456');
  await page.getByLabel('Start').fill('2023-04-01');
  // The end such that the last day to give notice (end − 3 months) is 40 days away.
  const end = new Date(`${day(40)}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + 3);
  await page.getByLabel('End', { exact: true }).fill(end.toISOString().slice(0, 10));
  await page.getByRole('textbox', { name: 'Rent amount' }).fill('3200.50');
  await page.getByRole('textbox', { name: 'Currency' }).click();
  await page.getByRole('textbox', { name: 'Currency' }).fill('EUR');
  await page.getByRole('option', { name: 'EUR', exact: true }).click();
  await expect(page.getByText(/^Notice must be given by /)).toBeVisible();
  await expectAccessible(page, 'lease form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Lease saved')).toBeVisible();

  const notice = page.getByTestId('lease-notice');
  await expect(notice).toContainText('Give notice by');
  await expect(notice).toContainText(/\d+ days left\./);
  await expect(page.getByText('Murtal Logistik AG')).toBeVisible();
  await expect(page.getByText('€3,200.50 per month')).toBeVisible();

  // The signed contract, checked by content on the server, opens from its signed address.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'lease-contract.pdf',
    mimeType: 'application/pdf',
    buffer: contractPdf(),
  });
  await expect(page.getByText('1 file added')).toBeVisible();
  const link = page.getByRole('link', { name: 'lease-contract.pdf' });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect((await request.get(href ?? '')).status()).toBe(200);
  await expectAccessible(page, 'lease page');

  // After a reload everything is still there.
  await page.reload();
  await expect(page.getByRole('link', { name: 'lease-contract.pdf' })).toBeVisible();
  await expect(page.getByTestId('lease-notice')).toContainText('Give notice by');
});

test('the demo building has a lease whose notice date is near, and a maintenance overview', async ({
  page,
  request,
}) => {
  const id = await workspaceId(request, 'Building A');
  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/workspaces/lease-info/${id}`);
  await expect(page.getByText('Donaupark Immobilien GmbH')).toBeVisible();
  await expect(page.getByTestId('lease-notice')).toContainText(/\d+ days left\./);

  await page.goto(`/dashboard/workspaces/detail/${id}`);
  await page.getByRole('link', { name: 'Maintenance' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/workspaces/maintenance-info/${id}$`));
  await expect(page.getByRole('heading', { name: 'Maintenance', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assets', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active schedules', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open maintenance issues', level: 2 })).toBeVisible();
  await expectAccessible(page, 'maintenance page');
});

test('a member sees neither page; on a phone both read in one column', async ({ page, browser, request }) => {
  const id = await workspaceId(request, 'Building A');
  await logInAs(page, 'anna@demo.test');
  await page.goto(`/dashboard/workspaces/detail/${id}`);
  await expect(page.getByRole('heading', { name: 'Building A', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lease' })).toHaveCount(0);
  await page.goto(`/dashboard/workspaces/lease-info/${id}`);
  await expect(page.getByRole('alert')).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await logInAs(phone, 'manager@demo.test');
  await phone.evaluate(() => sessionStorage.setItem('workbench.mobile-prompt-dismissed', '1'));
  await phone.goto(`/dashboard/workspaces/lease-info/${id}`);
  await expect(phone.getByText('Donaupark Immobilien GmbH')).toBeVisible();
  await expectAccessible(phone, 'lease page on a phone');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.goto(`/dashboard/workspaces/maintenance-info/${id}`);
  await expect(phone.getByRole('heading', { name: 'Assets', level: 2 })).toBeVisible();
  await expectAccessible(phone, 'maintenance page on a phone');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
