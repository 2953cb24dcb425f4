import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';

// The issue list (000 §2): filters kept in the URL across a reload, the table density sorted by a
// column, bulk quick complete with one issue refused (the info modal names the reason), and a
// saved filter used again.
test.use({ viewport: { width: 1400, height: 900 } });

/** Waits for the list answer the next change asks for (so no step races the list). */
function listAnswer(page: Page, test: (url: URL) => boolean) {
  return page.waitForResponse((res) => {
    const url = new URL(res.url());
    return /\/api\/v4\/issue\/?$/.test(url.pathname) && res.request().method() === 'GET' && test(url);
  });
}

test('filters survive a reload, bulk quick complete explains a refusal, a saved filter comes back', async ({
  page,
  request,
}) => {
  // Three issues for Anna in Building A; the last one needs work time, so it cannot be completed.
  const token = await apiToken(request, 'admin@demo.test');
  const auth = { authorization: `Bearer ${token}` };
  const flat = (await (await request.get('/api/v4/workspace/flat', { headers: auth })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const buildingA = flat.find((w) => w.name === 'Building A');
  const people = (await (await request.get('/api/v4/users/?search=anna', { headers: auth })).json()) as {
    data: Array<{ id: number; email: string }>;
  };
  const anna = people.data.find((u) => u.email === 'anna@demo.test');
  expect(buildingA && anna).toBeTruthy();
  const marker = `Listcheck${Date.now()}`;
  const titles = [`${marker} door`, `${marker} lamp`, `${marker} boiler`];
  for (const [n, title] of titles.entries()) {
    const created = await request.post('/api/v4/issue', {
      headers: auth,
      data: { title, workspace_id: buildingA?.id, assignee_id: anna?.id, is_worktime_required: n === 2 },
    });
    expect(created.status()).toBe(201);
  }
  const rows = () => page.getByRole('checkbox', { name: new RegExp(`^Select ${marker}`) });

  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/issues');
  await expect(page.getByRole('tab', { name: /All active/ })).toBeVisible();
  await expect(page.getByTestId('issue-row').first()).toBeVisible();
  await expectAccessible(page, 'issue list');

  // Search (debounced), the "To do" tab, and Anna as assignee: each lands in the URL.
  const searched = listAnswer(page, (url) => url.searchParams.get('search') === marker);
  await page.getByRole('textbox', { name: 'Search issues' }).fill(marker);
  await searched;
  await expect(page).toHaveURL(new RegExp(`search=${marker}`));
  await expect(rows()).toHaveCount(3);
  const toDo = listAnswer(page, (url) => url.searchParams.get('issue_state') === 'to_do');
  await page.getByRole('tab', { name: /To do/ }).click();
  await toDo;
  await page.getByRole('textbox', { name: 'Role of the people' }).click();
  await page.getByRole('option', { name: 'Assignee', exact: true }).click();
  const byAnna = listAnswer(page, (url) => url.searchParams.get('assignees') === String(anna?.id));
  await page.getByRole('textbox', { name: 'People', exact: true }).click();
  await page.getByRole('option', { name: 'Anna Member' }).click();
  await byAnna;
  await expectAccessible(page, 'issue list with the people filter open');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/issue_state=to_do/);
  await expect(page).toHaveURL(new RegExp(`assignees=${anna?.id}`));
  await expect(rows()).toHaveCount(3);

  // A reload shows the same list with the same filters.
  const reloaded = listAnswer(page, (url) => url.searchParams.get('assignees') === String(anna?.id));
  await page.reload();
  await reloaded;
  await expect(page).toHaveURL(new RegExp(`search=${marker}`));
  await expect(page).toHaveURL(new RegExp(`assignees=${anna?.id}`));
  await expect(page).toHaveURL(/issue_state=to_do/);
  await expect(page.getByRole('tab', { name: /To do/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Search issues' })).toHaveValue(marker);
  await expect(page.getByTestId('issue-filters').getByText('Anna Member')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Role of the people' })).toHaveValue('Assignee');
  await expect(rows()).toHaveCount(3);
  await expectAccessible(page, 'filtered issue list');

  // The table density shows every column; a click on a header sorts by it (A to Z first).
  await page.getByText('Table', { exact: true }).click();
  await expect(page).toHaveURL(/density=table/);
  const table = page.getByTestId('issue-data-table');
  await expect(table.getByRole('columnheader', { name: 'Created' })).toBeVisible();
  const byTitle = listAnswer(page, (url) => url.searchParams.get('sort_by') === 'title');
  await table.getByRole('button', { name: 'Title' }).click();
  await byTitle;
  await expect(page).toHaveURL(/sort_by=title&sort_direction=asc/);
  await expect(table.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByTestId('issue-title')).toHaveText([...titles].sort());
  await expectAccessible(page, 'issue list as a table');

  // Select the three and quick-complete them: two are completed, one is refused with its reason.
  for (const title of titles) await page.getByRole('checkbox', { name: `Select ${title}` }).check();
  await expect(page.getByText('Selected: 3')).toBeVisible();
  await page.getByRole('button', { name: 'Quick complete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Quick complete issues' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'quick complete confirmation');
  const completed = page.waitForResponse(
    (res) => res.url().endsWith('/api/v4/issue/quick_complete') && res.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: 'Quick complete' }).click();
  expect((await completed).status()).toBe(200);
  const info = page.getByRole('dialog', { name: 'Some issues were not completed' });
  await expect(info.getByText('Completed: 2')).toBeVisible();
  await expect(
    info.getByText('Not completed (Work time must be logged before this issue can be completed.): 1'),
  ).toBeVisible();
  await expectAccessible(page, 'quick complete outcome');
  await info.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(info).toBeHidden();
  // Only the refused issue is still to do.
  await expect(rows()).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: `Select ${titles[2]}` })).toBeVisible();

  // Save the filter, leave it, and open it again from the saved filters.
  const filterName = `Anna to do ${marker}`;
  await page.getByRole('button', { name: 'Saved filters' }).click();
  await page.getByRole('button', { name: 'Save current filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save filter' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expectAccessible(page, 'save filter dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(filterName);
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/v4/filters') && res.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(dialog).toBeHidden();

  const everything = listAnswer(page, (url) => !url.searchParams.has('search'));
  await page.goto('/dashboard/issues');
  await everything;
  await expect(page.getByRole('tab', { name: /All active/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Search issues' })).toHaveValue('');
  await page.getByRole('button', { name: 'Saved filters' }).click();
  await expect(page.getByRole('button', { name: `Apply filter ${filterName}` })).toBeVisible();
  await expectAccessible(page, 'saved filters');
  const applied = listAnswer(page, (url) => url.searchParams.get('search') === marker);
  await page.getByRole('button', { name: `Apply filter ${filterName}` }).click();
  await applied;
  await expect(page).toHaveURL(/issue_state=to_do/);
  await expect(page).toHaveURL(new RegExp(`assignees=${anna?.id}`));
  await expect(page.getByRole('tab', { name: /To do/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: filterName })).toBeVisible();
  await expect(rows()).toHaveCount(1);
});
