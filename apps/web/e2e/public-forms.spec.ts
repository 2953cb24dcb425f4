import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';

/**
 * Issue 19, the staff side of the public area: an admin changes the asset report form in the
 * configurator (settings tab public-forms) and sees it in the live preview, on the saved form
 * after a reload and on the public page a visitor's phone opens from the asset's QR code; a
 * publicly reported issue shows its reporter, and a declined one lets staff tell the reporter.
 */
test.use({ viewport: { width: 1440, height: 900 } });

async function adminApi(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const assets = (await (await request.get('/api/v4/asset?search=Circulation', { headers })).json()) as {
    data: Array<{ id: number }>;
  };
  const asset = (await (await request.get(`/api/v4/asset/${assets.data[0]?.id}`, { headers })).json()) as {
    public_code: string;
  };
  return { headers, assetCode: asset.public_code };
}

test('an admin requires the phone on the asset form with a new intro: preview, reload and the public page show it', async ({
  page,
  browser,
  request,
}) => {
  const { headers, assetCode } = await adminApi(request);
  const original = await (await request.get('/api/v4/public_page_configurator/asset', { headers })).json();
  const intro = `Tell us what is wrong with this machine (${Date.now()}).`;
  try {
    await logInAs(page, 'admin@demo.test');
    await page.goto('/dashboard/settings/public-forms');
    await expect(page.getByRole('heading', { name: 'Public forms', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to workspaces' })).toBeVisible();
    await expectAccessible(page, 'public forms settings');

    await page.locator('label', { hasText: /^Asset$/ }).click();
    await expect(page).toHaveURL(/type=asset/);
    const phoneShown = page.getByRole('switch', { name: "Show Reporter's phone" });
    const phoneRequired = page.getByRole('checkbox', { name: "Require Reporter's phone" });
    await expect(phoneRequired).toBeDisabled();
    await phoneShown.check();
    await phoneRequired.check();
    await page.getByRole('textbox', { name: 'Introduction' }).fill(intro);

    // The live preview follows the draft at once.
    const preview = page.getByRole('region', { name: 'Preview of the form on a phone' });
    await expect(preview.getByText(intro)).toBeVisible();
    await expect(preview.getByRole('textbox', { name: 'Your phone number' })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Users' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/settings\/public-forms/);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('The public form is saved')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('switch', { name: "Show Reporter's phone" })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: "Require Reporter's phone" })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Introduction' })).toHaveValue(intro);

    // A visitor's phone, from the asset's QR code: the intro, and the phone asked for and required.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await phone.newPage();
    await visitor.goto(`/public/asset/report?asset_id=${assetCode}`);
    await expect(visitor.getByText(intro)).toBeVisible();
    const phoneInput = visitor.getByRole('textbox', { name: 'Your phone number' });
    await expect(phoneInput).toBeVisible();
    await expect(phoneInput).toHaveAttribute('required', '');
    await phone.close();
  } finally {
    const { type: _, updated_at: __, ...body } = original as Record<string, unknown>;
    await request.post('/api/v4/public_page_configurator/asset', { headers, data: body });
  }
});

test('a publicly reported issue shows its reporter; staff tell the reporter of a declined one', async ({
  page,
  request,
}) => {
  const { headers, assetCode } = await adminApi(request);
  const stamp = Date.now();
  const reported = await request.post('/api/v4/public/issue', {
    data: {
      asset_id: assetCode,
      title: `Pump rattles ${stamp}`,
      description: 'It rattles loudly every morning.',
      reporter_name: 'Rita Reporter',
      reporter_email: `rita.${stamp}@example.test`,
      language: 'en',
    },
  });
  expect(reported.status()).toBe(201);
  const { issue_id: issueId } = (await reported.json()) as { issue_id: number };
  const me = (await (await request.get('/api/v4/user/me', { headers })).json()) as { id: number };
  expect(
    (await request.put(`/api/v4/issue/${issueId}`, { headers, data: { assignee_id: me.id } })).ok(),
  ).toBe(true);
  const declined = await request.post(`/api/v4/issue/${issueId}/status`, {
    headers,
    data: { status_id: 4, note: 'Not ours: the landlord services the pump.' },
  });
  expect(declined.ok()).toBe(true);

  await logInAs(page, 'admin@demo.test');
  // The demo's report in progress: the reporter's comment and the reply they see are marked.
  const demo = (await (await request.get('/api/v4/issue?search=Dishwasher', { headers })).json()) as {
    data: Array<{ id: number }>;
  };
  await page.goto(`/dashboard/issues/detail/${demo.data[0]?.id}`);
  await expect(page.getByRole('region', { name: 'Reported publicly' })).toContainText('Tom Berger');
  const badges = page.getByTestId('comment-audience');
  await expect(badges.filter({ hasText: /^Reporter$/ })).toHaveCount(1);
  await expect(badges.filter({ hasText: /^Visible to the reporter$/ })).toHaveCount(1);

  await page.goto(`/dashboard/issues/detail/${issueId}`);
  const card = page.getByRole('region', { name: 'Reported publicly' });
  await expect(card).toContainText('Rita Reporter');
  await expect(card.getByRole('link', { name: `rita.${stamp}@example.test` })).toHaveAttribute(
    'href',
    `mailto:rita.${stamp}@example.test`,
  );
  await expect(card).toContainText('Gets e-mails about this report');
  await expect(page.getByRole('switch', { name: 'Visible to the reporter' })).not.toBeChecked();
  await expectAccessible(page, 'publicly reported issue');

  await card.getByRole('button', { name: 'Tell the reporter it was declined' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tell the reporter it was declined' });
  await dialog.getByRole('textbox', { name: 'Message to the reporter' }).fill('Please call the landlord.');
  await expectAccessible(page, 'declined notification dialog');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('The reporter was told that the issue was declined')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Told it was declined on');
});
