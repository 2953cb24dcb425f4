import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';
import { waitForNetworkQuiet, watchNetwork } from './network';

/**
 * The dispatcher's day (issue 17): unscheduled work dragged onto Anna's row at 10:00, a card
 * moved to another person with the reassignment confirmed, the blocking dialog for a person the
 * workspace cannot assign, the same move by keyboard, and the weekly view's day columns.
 */

type Auth = { authorization: string };
type Row = { id: number; full_name: string };
type Issue = { id: number; start_date: string | null; due_date: string | null; assignee_id: number | null };

const HOUR_PX = 2700 / 24;

async function demo(request: APIRequestContext) {
  const auth = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const flat = (await (await request.get('/api/v4/workspace/flat', { headers: auth })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const people = (
    (await (await request.get('/api/v4/calendar/users?rows_only=1', { headers: auth })).json()) as {
      data: Row[];
    }
  ).data;
  const workspace = (name: string) => flat.find((w) => w.name === name)?.id as number;
  const person = (name: string) => people.find((p) => p.full_name.startsWith(name))?.id as number;
  return { auth, workspace, person };
}

async function createIssue(
  request: APIRequestContext,
  auth: Auth,
  data: Record<string, unknown>,
): Promise<number> {
  const created = await request.post('/api/v4/issue', { headers: auth, data });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function issue(request: APIRequestContext, auth: Auth, id: number): Promise<Issue> {
  const answer = await request.get(`/api/v4/issue/${id}`, { headers: auth });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Issue;
}

/** Local seconds of today at an hour, as the browser counts them. */
/** The demo organisation's time zone: the timelines show its wall clock, whatever the browser's. */
const ORG_ZONE = 'Europe/Vienna';
const wallClockParts = (ms: number) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ORG_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
const offsetAt = (ms: number) => {
  const w = wallClockParts(ms);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour % 24, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
};
/** Today at `hour`:00 in the organisation's zone, in seconds. */
const todayAt = (_page: Page, hour: number) => {
  const today = wallClockParts(Date.now());
  const guess = Date.UTC(today.year, today.month - 1, today.day, hour);
  return (guess - offsetAt(guess - offsetAt(guess))) / 1000;
};

const row = (page: Page, name: string) =>
  page.locator(`[data-testid="calendar-row"][data-row-name^="${name}"]`);

/**
 * Scrolls the daily timeline so the hour shows just right of the names (away from the edges,
 * where dragging scrolls the timeline), then drags the card's left edge onto that hour of the row.
 */
async function dragTo(page: Page, card: Locator, target: Locator, hour: number) {
  // The timeline opens at the current hour, and opens there again when the organisation's zone
  // arrives after the first render: scroll to the hour again whenever it is not where we put it.
  const showHour = () =>
    page.getByTestId('calendar-daily').evaluate((el, x) => {
      el.scrollLeft = Math.max(0, x - 150);
    }, hour * HOUR_PX);
  await showHour();
  // Rows refetch and grow after a move or a dialog: let them settle, then press where the card is
  // now (hover checks that the card itself is under the pointer, not a row that moved into place).
  await waitForNetworkQuiet(page);
  await showHour();
  // By its top-left corner: a card of the next lane may overlap its lower half (a long one).
  await card.hover({ position: { x: 10, y: 6 } });
  const from = await card.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('card or row not shown');
  await page.mouse.move(from.x + 10, from.y + 6);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 4 });
  await expect(page.getByTestId('calendar-drag-overlay')).toBeVisible();
  await page.mouse.move(to.x + hour * HOUR_PX + 10, to.y + 40, { steps: 12 });
  // Passing the timeline's edge on the way may have scrolled it: aim again where the hour is now,
  // until the dragged card's left edge sits on the hour and the timeline has stopped scrolling.
  const scrolled = () => page.getByTestId('calendar-daily').evaluate((el) => el.scrollLeft);
  const offset = async () => {
    const overlay = await page.getByTestId('calendar-drag-overlay').boundingBox();
    const now = await target.boundingBox();
    return overlay && now ? overlay.x - now.x : Number.NaN;
  };
  await expect
    .poll(async () => {
      await showHour();
      const now = await target.boundingBox();
      if (!now) return false;
      await page.mouse.move(now.x + hour * HOUR_PX + 10, now.y + 40, { steps: 2 });
      const before = await scrolled();
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      return (await scrolled()) === before && Math.abs((await offset()) - hour * HOUR_PX) < 1;
    })
    .toBe(true);
  await page.mouse.up();
}

// A browser in another zone than the organisation's: the cards still sit at the organisation's hours.
test.use({ timezoneId: 'America/New_York' });

test('a dispatcher drags work onto the daily timeline, reassigns it and moves it by keyboard', async ({
  page,
  request,
}) => {
  const { auth, workspace, person } = await demo(request);
  const stamp = Date.now();
  const unscheduled = `Check the roof hatch ${stamp}`;
  const lobby = `Polish the lobby brass ${stamp}`;
  const unscheduledId = await createIssue(request, auth, {
    title: unscheduled,
    workspace_id: workspace('Building A'),
  });

  await page.setViewportSize({ width: 1400, height: 900 });
  await logInAs(page, 'admin@demo.test');
  const lobbyStart = await todayAt(page, 14);
  // Martin's work in Building B, where Ben can be assigned.
  const lobbyId = await createIssue(request, auth, {
    title: lobby,
    workspace_id: workspace('Building B'),
    assignee_id: person('Martin'),
    start_date: lobbyStart,
    due_date: lobbyStart + 3600,
  });

  watchNetwork(page);
  await page.goto('/dashboard/calendar?view=dailyUsers');
  await expect(row(page, 'Anna')).toBeVisible();
  await page.getByRole('button', { name: 'Unscheduled' }).click();
  const sidebar = page.getByTestId('calendar-drag-sidebar');
  await expect(sidebar.getByRole('tab', { name: /No date/ })).toBeVisible();
  const sideCard = sidebar.getByTestId('calendar-card').filter({ hasText: unscheduled });
  await expect(sideCard).toBeVisible();
  await expectAccessible(page, 'daily users with the drag sidebar');

  // From the sidebar onto Anna's row at 10:00: unassigned work is scheduled and given to her.
  await dragTo(page, sideCard, row(page, 'Anna'), 10);
  const annaCard = row(page, 'Anna').getByTestId('calendar-card').filter({ hasText: unscheduled });
  await expect(annaCard).toContainText('10:00–11:00');
  await expect(sideCard).toHaveCount(0);
  await expect
    .poll(async () => {
      const saved = await issue(request, auth, unscheduledId);
      return [saved.assignee_id, saved.start_date ? Date.parse(saved.start_date) / 1000 : null];
    })
    .toEqual([person('Anna'), await todayAt(page, 10)]);
  await page.reload();
  await expect(row(page, 'Anna').getByTestId('calendar-card').filter({ hasText: unscheduled })).toContainText(
    '10:00–11:00',
  );

  // Onto Ben: Building A cannot assign him, so the info dialog blocks the move.
  await dragTo(
    page,
    row(page, 'Anna').getByTestId('calendar-card').filter({ hasText: unscheduled }),
    row(page, 'Ben'),
    10,
  );
  const dialog = page.getByRole('dialog', { name: 'Cannot reassign' });
  await expect(dialog).toContainText('Ben Member cannot be assigned in the workspace Building A');
  await dialog.getByRole('button', { name: 'OK' }).click();
  // The dialog fades out: wait until it is gone before the next drag (its overlay takes the mouse).
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Anna').getByTestId('calendar-card').filter({ hasText: unscheduled })).toBeVisible();
  expect((await issue(request, auth, unscheduledId)).assignee_id).toBe(person('Anna'));

  // Martin's Building B card onto Ben's row: asked, confirmed, reassigned.
  await dragTo(
    page,
    row(page, 'Martin').getByTestId('calendar-card').filter({ hasText: lobby }),
    row(page, 'Ben'),
    14,
  );
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('Are you sure you want to reassign this task to Ben Member?');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, 'Ben').getByTestId('calendar-card').filter({ hasText: lobby })).toContainText(
    '14:00–15:00',
  );
  await expect.poll(async () => (await issue(request, auth, lobbyId)).assignee_id).toBe(person('Ben'));

  // The same kind of move by keyboard: Anna's card an hour later and down to Martin's row.
  const keyCard = row(page, 'Anna').getByTestId('calendar-card').filter({ hasText: unscheduled });
  await keyCard.focus();
  await page.keyboard.press('Space');
  const position = page.getByTestId('calendar-dnd-position');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(position).toHaveText('Anna Member, 11:00');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  for (const name of ['Ben Member', 'Greta Group', 'Martin Manager']) {
    await page.keyboard.press('ArrowDown');
    await expect(position).toHaveText(`${name}, 11:00`);
  }
  await page.keyboard.press('Space');
  const keyConfirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(keyConfirm).toContainText('reassign this task to Martin Manager');
  await keyConfirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    row(page, 'Martin').getByTestId('calendar-card').filter({ hasText: unscheduled }),
  ).toContainText('11:00–12:00');
  await expect
    .poll(async () => {
      const saved = await issue(request, auth, unscheduledId);
      return [saved.assignee_id, saved.start_date ? Date.parse(saved.start_date) / 1000 : null];
    })
    .toEqual([person('Martin'), await todayAt(page, 11)]);
});

test('the detail popup edits an issue in place and completes it', async ({ page, request }) => {
  const { auth, workspace, person } = await demo(request);
  await page.setViewportSize({ width: 1400, height: 900 });
  await logInAs(page, 'admin@demo.test');
  // 17:00, clear of the demo's work on Anna's day (overlapping cards are only shifted 12 px); but
  // one of her demo issues is due at the time the demo was made, so late in the afternoon 21:00.
  const hourNow = wallClockParts(Date.now()).hour % 24;
  const start = await todayAt(page, hourNow >= 15 && hourNow <= 19 ? 21 : 17);
  const title = `Descale the coffee machine ${Date.now()}`;
  const id = await createIssue(request, auth, {
    title,
    workspace_id: workspace('Building A'),
    assignee_id: person('Anna'),
    start_date: start,
    due_date: start + 1800,
  });
  watchNetwork(page);
  await page.goto('/dashboard/calendar?view=dailyUsers');
  const card = row(page, 'Anna').getByTestId('calendar-card').filter({ hasText: title });
  await card.click();
  const popup = page.getByTestId('calendar-popup');
  await expect(popup.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expectAccessible(page, 'calendar detail popup');
  // Save shows only once something changed; closing with changes asks first.
  await expect(popup.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await popup.getByRole('textbox', { name: 'Title' }).fill(`${title} (done twice)`);
  await popup.getByRole('button', { name: 'Close' }).click();
  const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(popup).toHaveCount(0);
  await expect(
    row(page, 'Anna').getByTestId('calendar-card').filter({ hasText: '(done twice)' }),
  ).toBeVisible();
  expect(
    ((await (await request.get(`/api/v4/issue/${id}`, { headers: auth })).json()) as { title: string }).title,
  ).toBe(`${title} (done twice)`);

  // Quick complete (an admin may complete any open issue).
  await row(page, 'Anna').getByTestId('calendar-card').filter({ hasText: '(done twice)' }).click();
  await popup.getByRole('button', { name: 'Complete' }).click();
  await expect(popup).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/v4/issue/${id}`, { headers: auth })).json()) as {
            status_id: number;
          }
        ).status_id,
    )
    .toBe(8);
  await expect(
    row(page, 'Anna').getByTestId('calendar-card').filter({ hasText: '(done twice)' }),
  ).toHaveAttribute('data-display-type', 'COMPLETED');
});

test('the weekly view shows five day columns, seven with the weekend', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/calendar?view=weeklyUsers');
  const headers = page.getByTestId('calendar-day-header');
  await expect(headers).toHaveCount(5);
  await expect(headers.first()).toContainText('Mon');
  await expect(headers.last()).toContainText('Fri');
  await expect(row(page, 'Anna')).toBeVisible();
  await expectAccessible(page, 'weekly users');
  await page.goto('/dashboard/calendar?view=weeklyUsers&show_weekend=1');
  await expect(headers).toHaveCount(7);
  await expect(headers.last()).toContainText('Sun');
  // The rows hidden in the daily view are copied once into the weekly one.
  await page.goto('/dashboard/calendar?view=weeklyWorkspaces');
  await expect(
    page.getByTestId('calendar-weekly').or(page.getByTestId('calendar-timeline-empty')),
  ).toBeVisible();
});
