import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';

// Live updates (issue 20), with two people in two browsers at once: the admin assigns an issue
// to Anna through the issue form, and Anna's open issue list shows it and her bell counts it,
// without a reload; then the admin changes an issue Anna is editing, and Anna is asked whether
// to load the changes or keep editing (and keeping them saves only her own fields).
test.use({ viewport: { width: 1400, height: 900 } });

type Person = { id: number; email: string };

async function demoData(request: APIRequestContext) {
  const auth = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const flat = (await (await request.get('/api/v4/workspace/flat', { headers: auth })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const people = (await (await request.get('/api/v4/users/?search=anna', { headers: auth })).json()) as {
    data: Person[];
  };
  const anna = people.data.find((u) => u.email === 'anna@demo.test');
  const buildingA = flat.find((w) => w.name === 'Building A');
  expect(anna && buildingA).toBeTruthy();
  return { auth, annaId: anna?.id ?? 0, workspaceId: buildingA?.id ?? 0 };
}

/** A second person in a browser of their own (own storage, so both stay logged in). */
async function personIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await logInAs(page, email);
  return page;
}

/** Resolves once the page has the live stream open (its GET /api/v4/events answered 200). */
function streamOpened(page: Page) {
  return page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/v4/events' && res.status() === 200,
  );
}

/** Marks the document, so a later check can tell that the page was not reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __liveMark: string }).__liveMark = 'kept';
  });
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __liveMark?: string }).__liveMark)).toBe('kept');
}

test('the admin assigns an issue to Anna: her open list shows it and her bell counts it, without a reload', async ({
  page,
  browser,
  request,
}) => {
  const { auth, annaId, workspaceId } = await demoData(request);
  const title = `Live pump check ${Date.now()}`;
  const created = await request.post('/api/v4/issue', {
    headers: auth,
    data: { title, workspace_id: workspaceId },
  });
  expect(created.status()).toBe(201);
  const issueId = ((await created.json()) as { id: number }).id;

  // Anna has her own issues open (the list filtered to her as assignee).
  const anna = await personIn(browser, 'anna@demo.test');
  const opened = streamOpened(anna);
  await anna.goto(`/dashboard/issues?assignees=${annaId}`);
  await opened;
  await expect(anna.getByRole('tab', { name: /All active/ })).toBeVisible();
  await expect(anna.getByRole('link', { name: title })).toHaveCount(0);
  await markDocument(anna);
  const bell = anna.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const unreadBefore = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0);

  // The admin assigns it to Anna on the issue form.
  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/issues/edit/${issueId}`);
  const assignee = page.getByRole('textbox', { name: 'Assignee' });
  await expect(assignee).toBeEnabled();
  await assignee.click();
  await page.getByRole('option', { name: /^Anna Member/ }).click();
  const saved = page.waitForResponse(
    (res) => res.url().endsWith(`/api/v4/issue/${issueId}`) && res.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);

  // Anna's list shows it and her bell counts one more, in the same document.
  await expect(anna.getByRole('link', { name: title }).first()).toBeVisible();
  await expect(bell).toHaveAttribute('aria-label', /^Notifications: \d+ unread$/);
  await expect
    .poll(async () => Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0))
    .toBeGreaterThan(unreadBefore);
  await expectSameDocument(anna);

  // She opens it; the admin renames it meanwhile, and her open issue shows the new title.
  await anna.getByRole('link', { name: title }).first().click();
  await expect(anna.getByRole('heading', { name: title })).toBeVisible();
  await markDocument(anna);
  const renamed = await request.put(`/api/v4/issue/${issueId}`, {
    headers: auth,
    data: { title: `${title} (renamed)` },
  });
  expect(renamed.status()).toBe(200);
  await expect(anna.getByRole('heading', { name: `${title} (renamed)` })).toBeVisible();
  await expectSameDocument(anna);
  await anna.context().close();
});

test('the admin changes an issue Anna is editing: she is asked, and keeping her edits saves only her fields', async ({
  page,
  browser,
  request,
}) => {
  const { auth, annaId, workspaceId } = await demoData(request);
  const title = `Live door closer ${Date.now()}`;
  const created = await request.post('/api/v4/issue', {
    headers: auth,
    data: { title, workspace_id: workspaceId, assignee_id: annaId, priority_id: 3 },
  });
  expect(created.status()).toBe(201);
  const issueId = ((await created.json()) as { id: number }).id;
  const issueNow = async () =>
    (await (await request.get(`/api/v4/issue/${issueId}`, { headers: auth })).json()) as {
      title: string;
      priority_id: number;
      description: string | null;
    };

  // Anna opens the issue's form and starts changing its title.
  const anna = await personIn(browser, 'anna@demo.test');
  const opened = streamOpened(anna);
  await anna.goto(`/dashboard/issues/edit/${issueId}`);
  await opened;
  const annaTitle = anna.getByRole('textbox', { name: 'Title' });
  await expect(annaTitle).toHaveValue(title);
  await annaTitle.fill(`${title} (Anna)`);
  const banner = anna.getByTestId('issue-changed-banner');
  await expect(banner).toHaveCount(0);

  // Meanwhile the admin raises its priority on the form and saves.
  await logInAs(page, 'admin@demo.test');
  await page.goto(`/dashboard/issues/edit/${issueId}`);
  await page.getByRole('textbox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High', exact: true }).click();
  const saved = page.waitForResponse(
    (res) => res.url().endsWith(`/api/v4/issue/${issueId}`) && res.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);

  // Anna is told, with her title still in the form.
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Someone else changed this issue while you were editing');
  await expect(annaTitle).toHaveValue(`${title} (Anna)`);
  await anna.screenshot({ path: test.info().outputPath('issue-changed-banner.png') });

  // She keeps editing and saves: her title and the admin's priority are both kept.
  await banner.getByRole('button', { name: 'Keep editing' }).click();
  await expect(banner).toHaveCount(0);
  const annaSaved = anna.waitForResponse(
    (res) => res.url().endsWith(`/api/v4/issue/${issueId}`) && res.request().method() === 'PUT',
  );
  await anna.getByRole('button', { name: 'Save' }).click();
  expect((await annaSaved).status()).toBe(200);
  await expect(anna).toHaveURL(new RegExp(`/dashboard/issues/detail/${issueId}$`));
  const merged = await issueNow();
  expect(merged.title).toBe(`${title} (Anna)`);
  expect(merged.priority_id).not.toBe(3);

  // Again, and this time she loads their changes: her unsaved description is dropped.
  await anna.goto(`/dashboard/issues/edit/${issueId}`);
  const description = anna.getByRole('textbox', { name: 'Description' });
  await expect(description).toBeVisible();
  await description.fill('Anna was writing this.');
  const changed = await request.put(`/api/v4/issue/${issueId}`, {
    headers: auth,
    data: { title: `${title} (admin)` },
  });
  expect(changed.status()).toBe(200);
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Load their changes' }).click();
  await expect(banner).toHaveCount(0);
  await expect(annaTitle).toHaveValue(`${title} (admin)`);
  await expect(description).toHaveValue('');
  await anna.context().close();
});
