import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, forgetLogin, logInAs } from './demo-session';
import { expect, test } from './fixtures';

// A person's main paths through people and sharing (issue 3), against the real server and the
// seeded demo organisation: invitations arrive through the outbox, read here as an admin would.
test.use({ viewport: { width: 1400, height: 900 } });

/** The newest link of that path mailed to an address, read from the admin's outbox. */
async function mailedLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  const token = await apiToken(request, 'admin@demo.test');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/api/v4/mail/outbox', { headers: { authorization: `Bearer ${token}` } });
      const { data } = (await res.json()) as { data: Array<{ to_email: string; text: string }> };
      const mail = data.find((m) => m.to_email === to);
      link = mail?.text.match(new RegExp(`https?://[^\\s]+${path}\\?[^\\s]+`))?.[0];
      return link;
    })
    .toBeTruthy();
  // The mail points at APP_URL; the test server is the same origin.
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

test('an admin invites a user, who activates the account from the e-mailed link and logs in', async ({
  page,
  request,
}) => {
  const email = `new-tech-${Date.now()}@example.com`;
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/profiles/new');
  await expect(page.getByRole('heading', { name: 'Invite people' })).toBeVisible();
  await expectAccessible(page, 'invite people');
  await page.getByLabel('Email').first().fill(email);
  await page.getByLabel('First name').first().fill('Nina');
  await page.getByLabel('Last name').first().fill('Newcomer');
  await page.getByRole('main').getByRole('textbox', { name: 'Workspaces' }).first().click();
  await page.getByRole('option', { name: 'Building A', exact: true }).click();
  await page.getByRole('heading', { name: 'Invite people' }).click();
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('Invitations sent: 1')).toBeVisible();

  // Back on the list, the invited person is there, not yet active.
  await expect(page).toHaveURL(/\/dashboard\/profiles/);
  await page.getByRole('main').getByLabel('Search').fill('Newcomer');
  const row = page.getByRole('row', { name: /Nina Newcomer/ });
  await expect(row).toContainText('Invited');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'people list');

  // The invitee opens the activation link in a fresh browser and chooses a password.
  const link = await mailedLink(request, email, '/activate_account');
  await forgetLogin(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await expectAccessible(page, 'account activation');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('nina-pass-123');
  await page.getByLabel('Confirm password').fill('nina-pass-123');
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Nina');

  // Logged out and in again with the new password: the workspace she was invited to is hers.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await logInAs(page, email, 'nina-pass-123');
  await page.goto('/dashboard/workspaces');
  await expect(page.getByRole('main').getByText('Building A', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('Vienna HQ', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'workspaces of a new user');
});

test('an admin invites a provider company, which accepts and sees only the shared workspace', async ({
  page,
  request,
}) => {
  const email = `partner-${Date.now()}@example.com`;
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/collaborators');
  await expect(page.getByRole('button', { name: 'Add a collaboration' }).first()).toBeVisible();
  await expectAccessible(page, 'collaborations');
  await page.getByRole('button', { name: 'Add a collaboration' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite partner companies' });
  await expect(dialog.getByLabel("Administrator's email")).toBeVisible();
  await expectAccessible(page, 'invite partner companies dialog');
  await dialog.getByLabel("Administrator's email").fill(email);
  await dialog.getByLabel('Company name (optional)').fill('Sparkle Cleaning');
  await dialog.getByRole('textbox', { name: 'Share workspaces' }).click();
  await page.getByRole('option', { name: 'Building B' }).click();
  // Close the open list by clicking elsewhere in the dialog.
  await dialog.getByText('The company is your').click();
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog.getByText('Invitations sent')).toBeVisible();
  await expect(page.getByText('Sparkle Cleaning')).toBeVisible();
  await expectAccessible(page, 'collaboration invitations sent');

  // The invitee opens the link from the e-mail in a fresh browser and creates the company.
  const acceptLink = await mailedLink(request, email, '/public/collaboration_action');
  await forgetLogin(page);
  await page.goto(acceptLink);
  await expect(page.getByText('Demo Facility Services invites your company')).toBeVisible();
  const acceptDialog = page.getByRole('dialog', { name: 'Accept the invitation?' });
  await expect(acceptDialog.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expectAccessible(page, 'collaboration invitation');
  await acceptDialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByLabel('Company name')).toBeVisible();
  await expectAccessible(page, 'accept a collaboration with a new company');
  await page.getByLabel('Company name').fill('Sparkle Cleaning GmbH');
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Sparkle');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('sparkle-pass-1');
  await page.getByLabel('Confirm password').fill('sparkle-pass-1');
  await page.getByRole('button', { name: 'Create and accept' }).click();

  // Logged in as the new company's admin: exactly the shared workspace (and its rooms).
  await expect(page).toHaveURL(/\/dashboard\/workspaces/);
  await expect(page.getByRole('banner').getByText('Sparkle Cleaning GmbH')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Building B', { exact: true })).toBeVisible();
  for (const hidden of ['Vienna HQ', 'Building A', 'Graz Warehouse'])
    await expect(main.getByText(hidden, { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'workspaces of a partner company');

  // The owner's other workspaces are not there even by address.
  await page.goto('/dashboard/collaborators');
  await expect(page.getByText('Demo Facility Services')).toBeVisible();
  await expectAccessible(page, 'collaborations of a partner company');
});
