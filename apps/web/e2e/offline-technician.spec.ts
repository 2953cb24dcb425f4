import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';
import { png } from './images';

// The technician in the basement (issue 24): Anna opens her issue, the signal goes (Chromium's
// offline emulation), she works on; the page says how many changes wait, and when the signal
// returns they arrive once each, in the order she made them. A change the server refuses (the
// manager reassigned the issue meanwhile) is shown with its reason and kept, and so is the
// comment she wrote after it, until she decides.
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('workbench.mobile-prompt-dismissed', '1'));
});

type Auth = { authorization: string };

/** An issue in Building A assigned to Anna and started by her, with a checklist of three items. */
async function startedIssue(request: APIRequestContext, title: string) {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const anna = { authorization: `Bearer ${await apiToken(request, 'anna@demo.test')}` };
  const flat = (await (await request.get('/api/v4/workspace/flat', { headers: admin })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const people = (await (await request.get('/api/v4/users/?search=anna', { headers: admin })).json()) as {
    data: Array<{ id: number; email: string }>;
  };
  const annaId = people.data.find((u) => u.email === 'anna@demo.test')?.id;
  const created = await request.post('/api/v4/issue', {
    headers: admin,
    data: { title, workspace_id: flat.find((w) => w.name === 'Building A')?.id, assignee_id: annaId },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const checklist = await request.post(`/api/v4/issue/${id}/checklists`, {
    headers: admin,
    data: { title: 'Filter change' },
  });
  expect(checklist.status()).toBe(200);
  const checklistId = ((await checklist.json()) as { id: number }).id;
  for (const item of ['Close the valve', 'Swap the filter', 'Open the valve']) {
    const added = await request.post(`/api/v4/issue/${id}/checklist/${checklistId}/items`, {
      headers: admin,
      data: { title: item },
    });
    expect(added.status()).toBe(200);
  }
  for (const status_id of [5, 6]) {
    const moved = await request.post(`/api/v4/issue/${id}/status`, { headers: anna, data: { status_id } });
    expect(moved.status()).toBe(200);
  }
  return { id, admin, anna };
}

/**
 * The writes to the issue the server answered, in order. A send the network failed (the first one
 * right after the signal returns may leave before the connection is up) is tried again with the
 * same key; it never reached the server, so it is not counted.
 */
function recordWrites(page: Page) {
  const writes: Array<{ method: string; path: string; key: string | null }> = [];
  page.on('requestfinished', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' || !url.pathname.startsWith('/api/v4/issue/')) return;
    writes.push({
      method: request.method(),
      path: url.pathname.replace(/^\/api\/v4\/issue\/\d+/, ''),
      key: request.headers()['idempotency-key'] ?? null,
    });
  });
  return writes;
}

/**
 * Anna opens the issue in an installed app: the service worker controls the page (so the app's
 * files come from its cache offline), and her issue has been read.
 */
async function openAsAnna(page: Page, id: number, title: string) {
  await logInAs(page, 'anna@demo.test');
  await page.goto(`/dashboard/issues/detail/${id}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Close the valve' })).toBeVisible();
}

/** Whether the app has saved its copy of the person's data in IndexedDB (query-persistence.ts). */
/**
 * Whether the kept copy (IndexedDB 'workbench-cache', query-persistence.ts) holds the whole
 * offline copy: the issue and today's calendar, which the copy fetches last (offline-copy.ts).
 */
function keptCopyIsComplete(): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open('workbench-cache');
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('queries')) return resolve(false);
      const all = db.transaction('queries').objectStore('queries').getAll();
      all.onsuccess = () => {
        const keys = (all.result as Array<{ state?: { queries?: Array<{ queryKey: unknown[] }> } }>).flatMap(
          (saved) => saved.state?.queries?.map((q) => q.queryKey[0]) ?? [],
        );
        resolve(keys.includes('issues') && keys.includes('calendar'));
      };
      all.onerror = () => resolve(false);
    };
  });
}

async function markDone(page: Page, minutes: string) {
  await page.getByRole('main').getByRole('button', { name: 'Mark as done' }).click();
  const dialog = page.getByRole('dialog', { name: 'Work time' });
  await dialog.getByLabel('Minutes').fill(minutes);
  await dialog.getByRole('button', { name: 'Mark as done' }).click();
  await expect(dialog).toBeHidden();
}

async function comments(request: APIRequestContext, id: number, auth: Auth): Promise<string[]> {
  const page = (await (await request.get(`/api/v4/issue/${id}/comments`, { headers: auth })).json()) as {
    data: Array<{ comment: string }>;
  };
  return page.data.map((c) => c.comment);
}

test('offline work waits on the phone and arrives once, in order, when the signal returns', async ({
  page,
  context,
  request,
}) => {
  const title = `Swap the filter in plant room 2 ${Date.now()}`;
  const { id, anna } = await startedIssue(request, title);
  await openAsAnna(page, id, title);

  // Her issue is kept on the phone: offline, the page opens again from the kept copy, and says
  // how old it is.
  await expect.poll(() => page.evaluate(keptCopyIsComplete), { timeout: 30_000 }).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Close the valve' })).toBeVisible();
  const bar = page.getByTestId('offline-bar');
  await expect(bar).toContainText(/Offline · last loaded (now|\d+ seconds? ago)/);
  // Today's calendar was kept too: her row of the day.
  await page.goto('/dashboard/calendar?view=dailyUsers');
  await expect(page.getByRole('main').getByText('Anna Member', { exact: true })).toBeVisible();
  await page.goto(`/dashboard/issues/detail/${id}`);
  await expect(page.getByRole('checkbox', { name: 'Close the valve' })).toBeVisible();
  const writes = recordWrites(page);

  await page.getByRole('checkbox', { name: 'Close the valve' }).check();
  await page.getByRole('checkbox', { name: 'Swap the filter' }).check();
  await page.getByRole('textbox', { name: 'New comment' }).fill('Old filter was black with dust.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('textbox', { name: 'New comment' })).toHaveValue('');
  await page
    .getByTestId('attachment-gallery')
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'new-filter.png', mimeType: 'image/png', buffer: png(320, 240, [40, 160, 60]) }]);
  await markDone(page, '30');

  // Five changes wait, each listed on the issue; the ticks show already.
  await expect(bar.getByTestId('offline-waiting')).toHaveText('5 changes wait to be sent');
  const pending = page.getByTestId('issue-pending-changes');
  await expect(pending.getByTestId('pending-change')).toHaveCount(5);
  await expect(pending).toContainText('Old filter was black with dust.');
  await expect(pending).toContainText('new-filter.png');
  await expect(pending).toContainText('Mark as done · 0h 30m');
  await expect(page.getByRole('checkbox', { name: 'Swap the filter' })).toBeChecked();
  await expectAccessible(page, 'issue with changes waiting offline');

  await context.setOffline(false);
  await expect(pending).toBeHidden({ timeout: 15_000 });
  await expect(bar).toBeHidden();

  // Sent in the order made, each once, each with its own key.
  const sent = writes.filter((w) => w.key);
  expect(sent.map((w) => `${w.method} ${w.path.replace(/\d+/g, 'N')}`)).toEqual([
    'PUT /checklist/N/items/N',
    'PUT /checklist/N/items/N',
    'POST /comments',
    'POST /upload',
    'POST /status',
  ]);
  expect(new Set(sent.map((w) => w.key)).size).toBe(5);

  // And the server has each once.
  const issue = (await (await request.get(`/api/v4/issue/${id}`, { headers: anna })).json()) as {
    status_id: number;
    worktime_total: number;
    attachments: Array<{ name: string }>;
  };
  expect(issue.status_id).toBe(7);
  expect(issue.worktime_total).toBe(1800);
  expect(issue.attachments.map((a) => a.name)).toEqual(['new-filter.png']);
  expect(await comments(request, id, anna)).toEqual(['Old filter was black with dust.']);
  const checklists = (await (
    await request.get(`/api/v4/issue/${id}/checklists`, { headers: anna })
  ).json()) as {
    data: Array<{ items: Array<{ title: string; is_done: boolean }> }>;
  };
  expect(checklists.data[0]?.items.map((i) => [i.title, i.is_done])).toEqual([
    ['Close the valve', true],
    ['Swap the filter', true],
    ['Open the valve', false],
  ]);
  await expect(page.getByRole('main').getByText('In review', { exact: true }).first()).toBeVisible();
});

test('a change refused after the manager reassigned the issue is shown with its reason and kept', async ({
  page,
  context,
  request,
}) => {
  const title = `Check the lift motor ${Date.now()}`;
  const { id, admin } = await startedIssue(request, title);
  await openAsAnna(page, id, title);

  await context.setOffline(true);
  await markDone(page, '30');
  await page.getByRole('textbox', { name: 'New comment' }).fill('Motor runs hot, needs a second look.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('offline-waiting')).toHaveText('2 changes wait to be sent');

  // Meanwhile the manager gives the issue to someone else.
  const manager = { authorization: `Bearer ${await apiToken(request, 'manager@demo.test')}` };
  const people = (await (await request.get('/api/v4/users/?search=manager', { headers: admin })).json()) as {
    data: Array<{ id: number; email: string }>;
  };
  const reassigned = await request.post('/api/v4/issue/multiple/reassign', {
    headers: manager,
    data: { issue_ids: [id], user_id: people.data.find((u) => u.email === 'manager@demo.test')?.id },
  });
  expect(reassigned.status()).toBe(200);

  await context.setOffline(false);
  const pending = page.getByTestId('issue-pending-changes');
  const refused = pending.locator('[data-state="refused"]');
  await expect(refused).toContainText('Mark as done · 0h 30m', { timeout: 15_000 });
  await expect(refused.getByRole('alert')).toContainText('Refused:');
  // The comment after it is kept, waiting for her decision.
  const held = pending.locator('[data-state="held"]');
  await expect(held).toContainText('Motor runs hot, needs a second look.');
  await expect(page.getByTestId('offline-bar')).toContainText('1 change was refused');
  await expectAccessible(page, 'a refused offline change');
  expect(await comments(request, id, admin)).toEqual([]);

  // She drops the refused change; the comment then goes, once.
  await refused.getByRole('button', { name: 'Drop' }).click();
  await expect(pending).toBeHidden({ timeout: 15_000 });
  expect(await comments(request, id, admin)).toEqual(['Motor runs hot, needs a second look.']);
});
