import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';

// The issue lifecycle through the detail screen, by the roles that do each step (000 §4):
// the assignee accepts, starts and marks done with the required work time; a manager declines
// the review with a note, then completes it; an admin archives and unarchives it.
test.use({ viewport: { width: 1400, height: 900 } });

test('an issue goes from acceptance to completion and through the archive', async ({ page, request }) => {
  // The admin creates an issue for Anna in Building A with work time required.
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
  const title = `Fix the radiator ${Date.now()}`;
  const created = await request.post('/api/v4/issue', {
    headers: auth,
    data: {
      title,
      workspace_id: buildingA?.id,
      assignee_id: anna?.id,
      is_worktime_required: true,
    },
  });
  expect(created.status()).toBe(201);
  const issue = (await created.json()) as { id: number; status_id: number };
  expect(issue.status_id).toBe(3);
  const detail = `/dashboard/issues/detail/${issue.id}`;
  const bar = () => page.getByRole('main');

  // Anna accepts, starts, and cannot mark it done without work time.
  await page.goto('/login');
  await logInAs(page, 'anna@demo.test');
  // She finds it in her issue list, in the "to do" tab, and opens it.
  await page.goto('/dashboard/issues?issue_state=to_do');
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  await expectAccessible(page, 'issue list of an assignee');
  await page.getByRole('link', { name: title }).first().click();
  await expect(page).toHaveURL(new RegExp(`${detail}$`));
  // The detail page has replaced the list (whose rows have status badges too).
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(bar().getByText('Awaiting acceptance')).toBeVisible();
  await expectAccessible(page, 'issue detail');
  await bar().getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(bar().getByText('Accepted', { exact: true })).toBeVisible();
  await bar().getByRole('button', { name: 'Start', exact: true }).click();
  await expect(bar().getByText('In progress', { exact: true })).toBeVisible();
  await bar().getByRole('button', { name: 'Mark as done' }).click();
  const worktime = page.getByRole('dialog', { name: 'Work time' });
  await expect(worktime.getByText('Work time is required for this issue.')).toBeVisible();
  await worktime.getByRole('button', { name: 'Mark as done' }).click();
  await expect(worktime.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'work time dialog with an error');
  await worktime.getByLabel('Hours').fill('1');
  await worktime.getByLabel('Minutes').fill('15');
  await worktime.getByRole('button', { name: 'Mark as done' }).click();
  await expect(worktime).toBeHidden();
  await expect(bar().getByRole('button', { name: 'Mark as done' })).toHaveCount(0);
  await expect(bar().getByText('In review', { exact: true }).first()).toBeVisible();

  // The manager sends it back with a note; the note is kept as a comment.
  await logInAs(page, 'manager@demo.test');
  await page.goto(detail);
  await bar().getByRole('button', { name: 'Decline review' }).click();
  const decline = page.getByRole('dialog', { name: 'Decline review' });
  await decline.getByRole('button', { name: 'Decline review' }).click();
  await expect(decline.getByText(/required|note/i).first()).toBeVisible();
  await expectAccessible(page, 'decline review dialog with an error');
  await decline.getByLabel('Note').fill('The valve still drips.');
  await decline.getByRole('button', { name: 'Decline review' }).click();
  await expect(decline).toBeHidden();
  await expect(bar().getByRole('button', { name: 'Complete', exact: true })).toHaveCount(0);
  await expect(bar().getByText('The valve still drips.').first()).toBeVisible();

  // Anna marks it done again (work time is logged now), the manager completes it.
  await logInAs(page, 'anna@demo.test');
  await page.goto(detail);
  await bar().getByRole('button', { name: 'Mark as done' }).click();
  const again = page.getByRole('dialog', { name: 'Work time' });
  if (await again.isVisible()) await again.getByRole('button', { name: 'Skip' }).click();
  await expect(bar().getByRole('button', { name: 'Mark as done' })).toHaveCount(0);
  await logInAs(page, 'manager@demo.test');
  await page.goto(detail);
  await bar().getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(bar().getByRole('button', { name: 'Complete', exact: true })).toHaveCount(0);
  await expect(bar().getByText('Completed', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'completed issue');

  // The admin archives it and brings it back.
  await logInAs(page, 'admin@demo.test');
  await page.goto(detail);
  await bar().getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Archive' })).toBeVisible();
  await expectAccessible(page, 'issue actions menu');
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Archive' })).toBeVisible();
  await expectAccessible(page, 'archive confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(bar().getByText('Archived', { exact: true }).first()).toBeVisible();
  await bar().getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Unarchive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.getByText('Issue restored')).toBeVisible();
  await expect(bar().getByText('Archived', { exact: true })).toHaveCount(0);
});
