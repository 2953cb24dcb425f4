import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';
import { png, readQrCode } from './images';

// Issue 19, the public area: a tenant scans the QR code of Building A with a phone, reports water
// on the floor with a photo, lands on the thank-you page and follows the report; staff see it,
// a member declines it, the admin tells the reporter, whose e-mail (in the outbox) links back
// to the follow page, which now says declined; the reporter answers there.

type Auth = { authorization: string };
type OutboxMail = { to_email: string; subject: string; text: string; kind: string };

async function json<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put',
  path: string,
  auth: Auth,
  data?: unknown,
) {
  const res = await request[method](`/api/v4/${path}`, { headers: auth, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The follow link of a mail (the reporter's private address of the report). */
const followLinkIn = (text: string) => {
  const link = /https?:\/\/[^\s]+\/public\/issue\?issueId=\d+&token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
};

async function phonePage(
  browser: import('@playwright/test').Browser,
  baseURL: string | undefined,
): Promise<Page> {
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    baseURL,
  });
  return phone.newPage();
}

test('a tenant reports from the QR code with a photo and follows it; staff decline it and tell the reporter, who reads it on the follow page and answers', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const stamp = Date.now();
  const title = `Water on the floor ${stamp}`;
  const email = `tenant${stamp}@example.com`;
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const flat = await json<Array<{ id: number; name: string }>>(request, 'get', 'workspace/flat', admin);
  const buildingA = flat.find((w) => w.name === 'Building A');
  expect(buildingA).toBeTruthy();
  // The QR code is the only place a workspace's public code leaves the server: the test reads
  // it the way a phone camera would.
  const qr = await request.get(`/api/v4/workspace/${buildingA?.id}/qr_code`, { headers: admin });
  expect(qr.status()).toBe(200);
  const target = new URL(await readQrCode(await qr.body()));
  expect(target.pathname).toBe('/public/report');
  expect(target.searchParams.get('qr')).toBe('1');

  // The phone: the QR code's address opens the form, in the organisation's words.
  const phone = await phonePage(browser, baseURL);
  await phone.goto(`${target.pathname}${target.search}`);
  const form = phone.getByTestId('report-form');
  await expect(form).toBeVisible();
  await expect(phone.getByTestId('report-place')).toContainText('Building A');
  await expect(phone.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  await expectAccessible(phone, 'public report form (phone)');
  // Sent empty, the required title says so at the field, and nothing is sent.
  await phone.getByRole('button', { name: 'Send report' }).click();
  await expect(phone.getByText('Title is mandatory')).toBeVisible();

  await phone.getByRole('textbox', { name: 'What is wrong?' }).fill(title);
  await phone.getByRole('textbox', { name: 'Details' }).fill('A puddle by the lift, about a metre wide.');
  await phone
    .getByTestId('report-photo-input')
    .setInputFiles([{ name: 'puddle.png', mimeType: 'image/png', buffer: png(240, 180, [40, 90, 200]) }]);
  await expect(phone.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await phone.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
  await expect(phone.getByRole('checkbox', { name: 'Keep me informed by e-mail' })).toBeChecked();
  await phone.getByRole('button', { name: 'Send report' }).click();

  // The thank-you page: the follow link, the confirmation mail.
  await expect(phone).toHaveURL(/\/public\/thank-you$/);
  await expect(phone.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(
    phone.getByText('We sent a confirmation with this link to your e-mail address.'),
  ).toBeVisible();
  await phone.getByRole('link', { name: 'Follow your report' }).click();
  await expect(phone).toHaveURL(/\/public\/issue\?issueId=\d+&token=/);
  await expect(phone.getByTestId('public-issue-title')).toHaveText(title);
  await expect(phone.getByTestId('public-status')).toHaveAttribute('data-stage', 'received');
  await expect(phone.getByRole('link', { name: /^Photo 1: puddle\.png/ })).toBeVisible();
  await expectAccessible(phone, 'public follow page (phone)');
  const issueId = Number(new URL(phone.url()).searchParams.get('issueId'));

  // Staff: the report is in the list and its detail says it came in publicly.
  await page.setViewportSize({ width: 1400, height: 900 });
  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/issues?search=${encodeURIComponent(title)}`);
  await expect(page.getByTestId('issue-row').filter({ hasText: title })).toBeVisible();
  // A member of Building A is given the report and declines it, saying why.
  const anna = (
    await json<{ data: Array<{ id: number; email: string }> }>(request, 'get', 'users/?search=anna', admin)
  ).data.find((u) => u.email === 'anna@demo.test');
  await json(request, 'put', `issue/${issueId}`, admin, { assignee_id: anna?.id });
  const annaAuth = { authorization: `Bearer ${await apiToken(request, 'anna@demo.test')}` };
  await json(request, 'post', `issue/${issueId}/status`, annaAuth, {
    status_id: 4,
    note: 'This is the neighbouring building; we passed it on to its caretaker.',
  });
  await page.goto(`/dashboard/issues/detail/${issueId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Reported publicly')).toBeVisible();
  await page.getByRole('button', { name: 'Tell the reporter it was declined' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tell the reporter it was declined' });
  await dialog
    .getByRole('textbox', { name: 'Message to the reporter' })
    .fill('Sorry, the lift in question belongs to house 3. Its caretaker knows.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();

  // The reporter's declined mail, with the follow link.
  let declined: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const outbox = await json<{ data: OutboxMail[] }>(request, 'get', 'mail/outbox?limit=100', admin);
      declined = outbox.data.find((m) => m.to_email === email && m.kind === 'public_report_declined');
      return Boolean(declined);
    })
    .toBe(true);
  expect(declined?.text).toContain('house 3');
  await phone.goto(followLinkIn(declined?.text ?? ''));
  await expect(phone.getByTestId('public-status')).toHaveAttribute('data-stage', 'declined');
  await expect(phone.getByTestId('public-status-badge')).toHaveText('Declined');

  // The reporter answers on the follow page; the message shows at once, as theirs.
  await phone.getByRole('textbox', { name: 'Your message' }).fill('Thank you, I will tell them.');
  await phone.getByRole('button', { name: 'Send message' }).click();
  await expect(phone.getByText('Your message was sent.')).toBeVisible();
  await expect(
    phone.getByTestId('public-comment').filter({ hasText: 'Thank you, I will tell them.' }),
  ).toContainText('You');
  await phone.context().close();
});
