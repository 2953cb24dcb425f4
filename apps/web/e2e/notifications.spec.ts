import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, demoIssue, logInAs } from './demo-session';
import { expect, test } from './fixtures';

// The bell and the notification settings (issue 20), against the real server and the demo data:
// the admin assigns a new issue to Anna through the API, and Anna works with her notifications.
test.use({ viewport: { width: 1280, height: 900 } });

type State = { unread_count: number; paused_until: string | null };

/** An issue of the demo's Building A assigned to Anna by the admin: a notification for Anna. */
async function assignToAnna(request: APIRequestContext, title: string): Promise<number> {
  const { issueId, auth } = await demoIssue(request, title);
  const anna = { authorization: `Bearer ${await apiToken(request, 'anna@demo.test')}` };
  const me = (await (await request.get('/api/v4/user/me', { headers: anna })).json()) as { id: number };
  const reassigned = await request.post('/api/v4/issue/multiple/reassign', {
    headers: auth,
    data: { issue_ids: String(issueId), user_id: me.id },
  });
  expect(reassigned.status()).toBe(200);
  expect(((await reassigned.json()) as { reassigned_issues: number[] }).reassigned_issues).toEqual([issueId]);
  return issueId;
}

async function annaState(request: APIRequestContext): Promise<State> {
  const anna = { authorization: `Bearer ${await apiToken(request, 'anna@demo.test')}` };
  return (await (await request.get('/api/v4/notification/unread_count', { headers: anna })).json()) as State;
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const bellName = (count: number) => (count > 0 ? `Notifications: ${count} unread` : 'Notifications');

test('Anna reads, marks and opens the notification of an issue assigned to her, and pauses e-mails', async ({
  page,
  request,
}) => {
  const title = `Notified repair ${Date.now()}`;
  const issueId = await assignToAnna(request, title);
  const { unread_count: unread } = await annaState(request);
  expect(unread).toBeGreaterThan(0);

  await logInAs(page, 'anna@demo.test');
  await expect(bell(page)).toHaveAccessibleName(bellName(unread));
  await bell(page).click();
  const list = panel(page);
  const item = list.getByRole('listitem').filter({ hasText: `Alice Admin assigned you “${title}”` });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Building A');
  await expectAccessible(page, 'notification list');

  // Read and unread again through the item's menu: the bell follows at once.
  await item.getByRole('button', { name: 'Actions for this notification' }).click();
  await page.getByRole('menuitem', { name: 'Mark as read' }).click();
  await expect(bell(page)).toHaveAccessibleName(bellName(unread - 1));
  await item.getByRole('button', { name: 'Actions for this notification' }).click();
  await page.getByRole('menuitem', { name: 'Mark as unread' }).click();
  await expect(bell(page)).toHaveAccessibleName(bellName(unread));
  await expect.poll(async () => (await annaState(request)).unread_count).toBe(unread);

  // The unread tab lists it; clicking it opens the issue and marks it read.
  await list.getByRole('tab', { name: 'Unread' }).click();
  const unreadItem = list.getByRole('listitem').filter({ hasText: title });
  await expect(unreadItem).toBeVisible();
  await unreadItem.getByRole('button', { name: new RegExp(`assigned you “${title}”`) }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/issues/detail/${issueId}$`));
  await expect(page.getByRole('main').getByText(title).first()).toBeVisible();
  await expect(list).toBeHidden();
  await expect(bell(page)).toHaveAccessibleName(bellName(unread - 1));

  // Mark all as read: nothing unread left.
  await bell(page).click();
  await list.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await list.getByRole('tab', { name: 'Unread' }).click();
  await expect(list.getByText('All caught up')).toBeVisible();
  await expect(list.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  expect((await annaState(request)).unread_count).toBe(0);

  // Pause e-mails for an hour, then resume.
  await list.getByRole('button', { name: 'Pause e-mails' }).click();
  await page.getByRole('menuitem', { name: '1 hour', exact: true }).click();
  await expect(list.getByText(/^E-mails paused until /)).toBeVisible();
  await expect(list).toBeVisible();
  const paused = await annaState(request);
  expect(paused.paused_until).not.toBeNull();
  const hours = (Date.parse(paused.paused_until as string) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(0.9);
  expect(hours).toBeLessThanOrEqual(1);
  await expectAccessible(page, 'notification list, e-mails paused');
  await list.getByRole('button', { name: 'Resume' }).click();
  await expect(list.getByRole('button', { name: 'Pause e-mails' })).toBeVisible();
  await expect.poll(async () => (await annaState(request)).paused_until).toBeNull();

  // Escape closes the list.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
});

test('Anna changes how she hears of assignments in her profile, and the choice is kept', async ({
  page,
  request,
}) => {
  await logInAs(page, 'anna@demo.test');
  await page.goto('/dashboard/profile/detail');
  const card = page.getByRole('region', { name: 'Notifications' });
  await expect(card.getByText('Issues', { exact: true })).toBeVisible();
  const assigned = card.getByRole('textbox', { name: 'An issue is assigned to me' });
  await expect(assigned).toHaveValue('E-mail (default)');
  await expectAccessible(page, 'notification settings');

  await assigned.click();
  await page.getByRole('option', { name: 'Daily digest' }).click();
  await expect(page.getByText('Notification setting saved')).toBeVisible();
  await page.reload();
  await expect(card.getByRole('textbox', { name: 'An issue is assigned to me' })).toHaveValue('Daily digest');
  const anna = { authorization: `Bearer ${await apiToken(request, 'anna@demo.test')}` };
  const saved = (await (await request.get('/api/v4/notification/preferences', { headers: anna })).json()) as {
    preferences: Array<{ event_type: string; channel: string }>;
  };
  expect(saved.preferences.find((p) => p.event_type === 'issue_assigned')?.channel).toBe('digest');

  // The pause shows here as well, with the same controls.
  await card.getByRole('button', { name: 'Pause e-mails' }).click();
  await page.getByRole('menuitem', { name: '8 hours' }).click();
  await expect(card.getByText(/^E-mails paused until /)).toBeVisible();
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card.getByText('E-mails are sent as chosen below.')).toBeVisible();

  // Back to the default, for the other tests on this server.
  await card.getByRole('textbox', { name: 'An issue is assigned to me' }).click();
  await page.getByRole('option', { name: 'E-mail (default)' }).click();
  await expect(card.getByRole('textbox', { name: 'An issue is assigned to me' })).toHaveValue(
    'E-mail (default)',
  );
  await expect
    .poll(async () => {
      const now = (await (
        await request.get('/api/v4/notification/preferences', { headers: anna })
      ).json()) as {
        preferences: Array<{ event_type: string; channel: string }>;
      };
      return now.preferences.find((p) => p.event_type === 'issue_assigned')?.channel;
    })
    .toBe('email');
});

test('on a phone the list opens as a full-width drawer', async ({ page, request }) => {
  const title = `Phone notice ${Date.now()}`;
  await assignToAnna(request, title);
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs(page, 'anna@demo.test');
  const prompt = page.getByRole('dialog', { name: 'Get the Workbench app' });
  await prompt.getByRole('button', { name: 'Continue in the browser' }).click();
  await expect(prompt).toBeHidden();
  const { unread_count: unread } = await annaState(request);
  await expect(bell(page)).toHaveAccessibleName(bellName(unread));
  await bell(page).click();
  const drawer = panel(page);
  await expect(drawer.getByText(`Alice Admin assigned you “${title}”`)).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box?.width).toBe(390);
  await expectAccessible(page, 'notification drawer on a phone');
  await drawer.getByRole('button', { name: 'Close notifications' }).click();
  await expect(drawer).toBeHidden();
});
