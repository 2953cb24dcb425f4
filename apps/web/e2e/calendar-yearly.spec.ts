import { readFileSync } from 'node:fs';
import { expectAccessible } from './axe';
import { logInAs } from './demo-session';
import { expect, test } from './fixtures';

/** The demo's schedules (apps/server/src/seed/demo-schedules.ts), in title order. */
const DEMO_SCHEDULES = [
  'Cleaning round lobby',
  'Fire door inspection',
  'Monthly boiler check',
  'Window cleaning Building A',
  'Yearly lift inspection',
];

const thisYear = new Date().getFullYear();
const thisMonth = new Date().getMonth() + 1;

test('the yearly calendar shows the schedules by month, keeps its state in the address, and exports a PDF', async ({
  page,
}) => {
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/calendar');
  const grid = page.getByTestId('yearly-grid');
  const rows = grid.getByTestId('yearly-row');
  const titles = rows.locator('th');

  // The yearly view is the default: this year, one row per demo schedule, twelve months.
  await expect(page.getByTestId('calendar-title')).toHaveText(`Calendar: ${thisYear}`);
  await expect(titles).toHaveText(DEMO_SCHEDULES);
  await expect(grid.getByTestId('yearly-month')).toHaveText([
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ]);
  await expect(grid.locator('[data-testid="yearly-month"][aria-current="date"]')).toHaveCount(1);
  await expect(grid.getByTestId('yearly-month').nth(thisMonth - 1)).toHaveAttribute('aria-current', 'date');

  // The daily cleaning round has more than five items this month: five chips and '+N'.
  const cleaning = rows.filter({ hasText: 'Cleaning round lobby' });
  const cell = cleaning.locator(`[data-testid="yearly-cell"][data-month="${thisMonth}"]`);
  const count = Number(await cell.getAttribute('data-count'));
  expect(count).toBeGreaterThan(5);
  await expect(cell.getByTestId('yearly-chip')).toHaveCount(5);
  await expect(cell.getByTestId('yearly-more')).toHaveText(`+${count - 5}`);
  await expectAccessible(page, 'yearly calendar');

  // '+N' lists every item of the cell under the month and year.
  await cell.getByTestId('yearly-more').click();
  const dialog = page.getByRole('dialog');
  const monthName = new Date(thisYear, thisMonth - 1, 1).toLocaleDateString('en', {
    month: 'long',
    year: 'numeric',
  });
  await expect(dialog).toContainText(monthName);
  await expect(dialog).toContainText('Cleaning round lobby');
  await expect(dialog.getByTestId('yearly-cell-item')).toHaveCount(count);
  await expectAccessible(page, 'yearly cell items');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A chip opens its issue.
  await cell.locator('[data-testid="yearly-chip"]:not([data-display="PREPARED"])').first().click();
  await expect(page).toHaveURL(/\/dashboard\/issues\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Cleaning round lobby' })).toBeVisible();
  await page.goBack();
  await expect(cell.getByTestId('yearly-more')).toBeVisible();

  // Sorting: title descending, kept in the address and after a reload.
  await page.getByRole('button', { name: 'Change the sort direction' }).click();
  await expect(page).toHaveURL(/sort_direction=desc/);
  await expect(titles).toHaveText([...DEMO_SCHEDULES].reverse());
  await page.getByRole('textbox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Created' }).click();
  await expect(page).toHaveURL(/sort_by=created/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Sort by' })).toHaveValue('Created');
  await expect(page).toHaveURL(/sort_by=created&sort_direction=desc|sort_direction=desc.*sort_by=created/);

  // The year: back one, then the year select; nothing after next year.
  await page.getByRole('button', { name: 'Previous year' }).click();
  await expect(page).toHaveURL(new RegExp(`year=${thisYear - 1}`));
  await expect(page.getByTestId('calendar-title')).toHaveText(`Calendar: ${thisYear - 1}`);
  await expect(grid.locator('[data-testid="yearly-month"][aria-current="date"]')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Year' }).click();
  await page.getByRole('option', { name: String(thisYear + 1) }).click();
  await expect(page.getByTestId('calendar-title')).toHaveText(`Calendar: ${thisYear + 1}`);
  await expect(page.getByRole('button', { name: 'Next year' })).toBeDisabled();
  await page.goBack();
  await expect(page.getByTestId('calendar-title')).toHaveText(`Calendar: ${thisYear - 1}`);
  await page.getByRole('button', { name: 'Next year' }).click();
  await expect(page.getByTestId('calendar-title')).toHaveText(`Calendar: ${thisYear}`);
  await expect(page).not.toHaveURL(/year=/);

  // The search (1000 ms after the last key) narrows the rows and goes to the address.
  await page.getByRole('textbox', { name: 'Search schedules' }).fill('boiler');
  await expect(page).toHaveURL(/search=boiler/);
  await expect(titles).toHaveText(['Monthly boiler check']);
  await page.getByRole('button', { name: 'Reset all filters' }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(titles).toHaveCount(DEMO_SCHEDULES.length);

  // The PDF of the grid: a real PDF file under the server's name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByRole('dialog', { name: 'PDF export' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Export failed' })).toHaveCount(0);

  // An export the server refuses: the export_failed dialog, with OK and a contact-us mail link.
  const exportCall = '**/api/v4/calendar/yearly/export**';
  await page.route(exportCall, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"general_error","message":"x"}',
    }),
  );
  await page.getByRole('button', { name: 'Export as PDF' }).click();
  const failed = page.getByRole('dialog', { name: 'Export failed' });
  await expect(failed).toContainText('The PDF could not be created.');
  await expect(failed.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', /^mailto:/);
  await expectAccessible(page, 'export failed');
  await failed.getByRole('button', { name: 'OK' }).click();
  await expect(failed).toHaveCount(0);

  // An export cancelled while the server works: nothing is shown and nothing saved.
  await page.unroute(exportCall);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(exportCall, async (route) => {
    await held;
    await route.abort().catch(() => undefined);
  });
  await page.getByRole('button', { name: 'Export as PDF' }).click();
  const progress = page.getByRole('dialog', { name: 'PDF export' });
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toHaveCount(0);
  release();
  await expect(page.getByRole('button', { name: 'Export as PDF' })).toBeEnabled();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.unroute(exportCall);

  // A row's menu: 'view all scheduled tasks' is the issue list of the schedule; 'edit schedule' opens it.
  const boiler = rows.filter({ hasText: 'Monthly boiler check' });
  const scheduleId = await boiler.getAttribute('data-schedule-id');
  await boiler.getByRole('button', { name: 'Actions for Monthly boiler check' }).click();
  await expect(page.getByRole('menuitem', { name: 'View all scheduled tasks' })).toHaveAttribute(
    'href',
    `/dashboard/issues?schedule_id=${scheduleId}`,
  );
  await page.getByRole('menuitem', { name: 'Edit schedule' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/scheduling/detail/${scheduleId}$`));
  await expect(page.getByRole('heading', { name: 'Monthly boiler check', level: 1 })).toBeVisible();

  // Back in the calendar, the address brought the sort back.
  await page.goBack();
  await expect(page).toHaveURL(/sort_by=created/);
  await expect(page.getByRole('textbox', { name: 'Sort by' })).toHaveValue('Created');
});

test('switching views: the timelines are beta, switching back to yearly replaces the history entry', async ({
  page,
}) => {
  // Wide enough for the drag sidebar (001: 1300 to 2560 px), whose toggle the weekly view offers.
  await page.setViewportSize({ width: 1400, height: 900 });
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/issues');
  await page.goto('/dashboard/calendar');
  await expect(page.getByTestId('yearly-grid')).toBeVisible();

  await page.getByTestId('calendar-view-menu').click();
  const weekly = page.getByRole('menuitem', { name: /Weekly by person/ });
  await expect(weekly).toContainText('Beta');
  await expect(page.getByRole('menuitem', { name: /Yearly schedules/ })).not.toContainText('Beta');
  await weekly.click();
  await expect(page).toHaveURL(/view=weeklyUsers/);
  // Weekly: the week's title, Today, the weekend switch and the Unscheduled toggle; no PDF.
  await expect(page.getByTestId('calendar-weekend')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unscheduled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export as PDF' })).toHaveCount(0);
  // A narrower window has no room for the sidebar: no toggle that would do nothing.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('button', { name: 'Unscheduled' })).toHaveCount(0);
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(page.getByTestId('yearly-grid')).toHaveCount(0);

  await page.getByTestId('calendar-view-menu').click();
  await page.getByRole('menuitem', { name: /Yearly schedules/ }).click();
  await expect(page.getByTestId('yearly-grid')).toBeVisible();
  await expect(page).not.toHaveURL(/view=/);
  // The weekly entry was replaced: back leads to the page before the calendar.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/calendar$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/issues$/);
});

test('on a phone the yearly grid scrolls sideways with the schedule column kept', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAs(page, 'admin@demo.test');
  await page.evaluate(() => sessionStorage.setItem('workbench.mobile-prompt-dismissed', '1'));
  await page.goto('/dashboard/calendar');
  const grid = page.getByTestId('yearly-grid');
  await expect(grid.getByTestId('yearly-row')).toHaveCount(DEMO_SCHEDULES.length);
  // The page itself does not scroll sideways; the grid does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const widths = await grid.evaluate((box) => ({ client: box.clientWidth, scroll: box.scrollWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);

  const firstTitle = grid.getByTestId('yearly-row').first().locator('th');
  const before = await firstTitle.boundingBox();
  const december = grid.getByTestId('yearly-month').last();
  await grid.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expect(december).toBeInViewport();
  // The schedule column stays where it was.
  expect((await firstTitle.boundingBox())?.x).toBe(before?.x);
  await expect(firstTitle).toBeInViewport();
  await expectAccessible(page, 'yearly calendar (phone)');
});
