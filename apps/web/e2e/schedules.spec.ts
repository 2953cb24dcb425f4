import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';

type AssetRow = { id: number; name: string; workspace: { id: number; name: string } };
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a maintenance manager schedules a weekly check of two assets and opens an issue it created', async ({
  page,
  request,
}) => {
  const title = `Weekly filter check ${Date.now()}`;
  // Two of the demo's assets in Building A, by name (the picker searches by name).
  const auth = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const assets = (
    (await (await request.get('/api/v4/asset?paginate_by=200', { headers: auth })).json()) as {
      data: AssetRow[];
    }
  ).data.filter((a) => a.workspace.name === 'Building A');
  expect(assets.length).toBeGreaterThanOrEqual(2);
  const [first, second] = assets as [AssetRow, AssetRow];
  const today = new Date().toLocaleDateString('en', { weekday: 'long' });
  const todayShort = new Date().toLocaleDateString('en', { weekday: 'short' });

  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/scheduling/add');
  await expect(page.getByRole('heading', { name: 'New schedule' })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Title' }).fill(title);
  await main.getByRole('textbox', { name: 'Workspace' }).click();
  await page.getByRole('option', { name: 'Building A', exact: true }).click();

  // Weekly from today on today's weekday: the form's defaults, said in words.
  await expect(main.getByRole('checkbox', { name: todayShort, exact: true })).toBeChecked();
  await expect(main.getByTestId('schedule-summary')).toContainText(`Every week on ${today}`);
  // Issues come ahead of time (the lead time), so next week's are there at once.
  await main.getByRole('radio', { name: 'Ahead of time' }).check();

  // Both assets, one issue for each.
  const assetInput = main.getByRole('textbox', { name: 'Assets' });
  for (const asset of [first, second]) {
    await assetInput.fill(asset.name);
    await page.getByRole('option', { name: asset.name, exact: true }).click();
  }
  await assetInput.press('Escape');
  await expect(main.getByText('2 of at most 200 assets')).toBeVisible();
  await expect(main.getByRole('radio', { name: 'One issue per asset' })).toBeChecked();
  await expectAccessible(page, 'new schedule');

  await main.getByRole('button', { name: 'Create schedule' }).click();
  await expect(page).toHaveURL(/\/dashboard\/scheduling\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // The next dates and the prepared tasks by the rule.
  const nextDates = page.getByTestId('schedule-next-dates');
  await expect(nextDates.getByRole('row').nth(1)).toContainText(today.slice(0, 3));
  await expect(page.getByTestId('schedule-preview').getByTestId('prepared-task').first()).toBeVisible();

  // The materializer runs after the save: the latest issues fill in by themselves.
  const latest = page.getByTestId('schedule-latest-issues');
  const issueLinks = latest.getByRole('link', { name: title });
  await expect.poll(() => issueLinks.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect(latest.getByRole('link', { name: /^View all/ })).toHaveAttribute(
    'href',
    /\/dashboard\/issues\?schedule_id=\d+$/,
  );
  await expectAccessible(page, 'schedule detail');

  await issueLinks.first().click();
  await expect(page).toHaveURL(/\/dashboard\/issues\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // Each issue names one of the two assets (one issue per asset).
  await expect(page.getByTestId('issue-asset').filter({ visible: true })).toHaveText(
    new RegExp(`^(${literal(first.name)}|${literal(second.name)})$`),
  );
});
