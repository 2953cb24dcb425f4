import { expectAccessible } from './axe';
import { apiToken, forgetLogin, logInAs } from './demo-session';
import { expect, test } from './fixtures';

// Issue 14: a workspace's QR code carries a random public code that its admin can replace, and a
// person who has an account in another organisation joins only through the link mailed to them.
test.use({ viewport: { width: 1400, height: 900 } });

test('an admin replaces the QR code of a workspace after confirming; nothing answers by counting ids', async ({
  page,
  request,
}) => {
  // The demo workspaces were made after public codes existed: their numeric ids answer nothing.
  for (const id of [1, 2, 3]) {
    expect((await request.get(`/api/v4/public/workspace/${id}`)).status()).toBe(404);
  }
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/workspaces/detail/1');
  await page.getByRole('button', { name: 'QR code', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'QR code for reporting' });
  const code = dialog.getByRole('img', { name: /QR code of/ });
  await expect(code).toBeVisible();
  const before = await code.innerHTML();
  await expectAccessible(page, 'QR code dialog');

  await dialog.getByRole('button', { name: 'New QR code' }).click();
  const confirm = page.getByRole('dialog', { name: 'Make a new QR code?' });
  await expect(confirm).toContainText('Printed copies of the current QR code stop working');
  await expectAccessible(page, 'new QR code confirmation');
  await confirm.getByRole('button', { name: 'Make a new code' }).click();
  await expect(page.getByText('New QR code ready')).toBeVisible();
  await expect.poll(() => code.innerHTML()).not.toBe(before);
});

test('a person with an account elsewhere is asked to join, and joins from the mailed link', async ({
  page,
  request,
}) => {
  // Someone who runs a company of their own on Workbench.
  const email = `owner-${Date.now()}@example.com`;
  const signup = await request.post('/api/v4/auth/signup', {
    data: {
      company_name: 'Elsewhere Ltd',
      first_name: 'Elsa',
      last_name: 'Where',
      email,
      password: 'elsa-pass-123',
    },
  });
  expect(signup.status()).toBe(201);

  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/profiles/new');
  await page.getByLabel('Email').first().fill(email);
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('Invitations sent: 1')).toBeVisible();
  await expect(page.getByText('1 of them already use Workbench')).toBeVisible();
  // Not listed before they agree.
  await expect(page).toHaveURL(/\/dashboard\/profiles/);
  await page.getByRole('main').getByLabel('Search').fill(email);
  await expect(page.getByRole('main').getByText(email)).toHaveCount(0);

  // The link reaches them (their own outbox, as they would read their mail), not the inviter.
  const token = await apiToken(request, email, 'elsa-pass-123');
  let link = '';
  await expect
    .poll(async () => {
      const res = await request.get('/api/v4/mail/outbox', { headers: { authorization: `Bearer ${token}` } });
      const { data } = (await res.json()) as { data: Array<{ to_email: string; text: string }> };
      link =
        data.find((m) => m.to_email === email)?.text.match(/\/public\/join_organisation\?token=\S+/)?.[0] ??
        '';
      return link;
    })
    .toBeTruthy();

  await forgetLogin(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Join an organisation' })).toBeVisible();
  await expect(page.getByText(`Demo Facility Services invites you (${email})`)).toBeVisible();
  await expectAccessible(page, 'join an organisation');
  await page.getByRole('button', { name: 'Join Demo Facility Services' }).click();
  await expect(page.getByRole('heading', { name: 'You joined Demo Facility Services' })).toBeVisible();
  await expectAccessible(page, 'joined an organisation');

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
});
