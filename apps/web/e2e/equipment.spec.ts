import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';

/** The day in a time zone, YYYY-MM-DD. */
const dayIn = (timeZone: string, plusDays = 0) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date.toISOString().slice(0, 10);
};
/** As the date fields take it: 31.12.2027. */
const typed = (day: string) => day.split('-').reverse().join('.');

/** Fills a date field by typing, the way a person with a keyboard does, and leaves it. */
async function typeDay(page: Page, testId: string, day: string) {
  const field = page.getByTestId(testId);
  await field.fill(typed(day));
  await field.blur();
}

type Api = { request: APIRequestContext; auth: { authorization: string } };
async function post<T>(api: Api, path: string, data: unknown): Promise<T> {
  const res = await api.request.post(`/api/v4/${path}`, { headers: api.auth, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}
async function setTimeZone(api: Api, clientId: number, timeZone: string) {
  const res = await api.request.put(`/api/v4/client/${clientId}`, {
    headers: api.auth,
    data: { settings: { time_zone: timeZone } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The organisation's own time zone while a test has moved it, put back after the test whatever happened. */
let zoneToRestore: { clientId: number; timeZone: string } | null = null;
test.afterEach(async ({ request }) => {
  if (!zoneToRestore) return;
  const auth = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  await setTimeZone({ request, auth }, zoneToRestore.clientId, zoneToRestore.timeZone);
  zoneToRestore = null;
});

// Two zones 26 hours apart: a day that is "today" at UTC−12 has always passed at UTC+14.
const BEHIND = 'Etc/GMT+12';
const AHEAD = 'Pacific/Kiritimati';

test('an item handed out to an external holder turns overdue the next day, is extended from the mailed link and returned; a member reserves a group with a buffer day and the admin accepts the request', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now();
  const api: Api = {
    request,
    auth: { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` },
  };
  const me = (await (await request.get('/api/v4/user/client_info', { headers: api.auth })).json()) as {
    id: number;
    settings: { time_zone: string };
  };
  const originalZone = me.settings.time_zone;
  const flat = (await (await request.get('/api/v4/workspace/flat', { headers: api.auth })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const buildingA = flat.find((w) => w.name === 'Building A')?.id;

  // The items this test books, made through the API (their own screens have their own tests):
  // a drill of a type with the spec's defaults (one week's handout, one buffer day before a
  // reservation), and two ladders of a type whose handouts and reservations need approval, in one group.
  const tools = await post<{ id: number }>(api, 'equipment/type', { name: `Power tools ${stamp}` });
  const ladders = await post<{ id: number }>(api, 'equipment/type', {
    name: `Ladders ${stamp}`,
    handout_requires_approval: true,
  });
  const drillTitle = `Cordless drill ${stamp}`;
  const drill = await post<{ id: number }>(api, 'equipment', {
    title: drillTitle,
    workspace_id: buildingA,
    type_id: tools.id,
  });
  const ladderIds: number[] = [];
  for (const size of ['3 m', '5 m']) {
    const ladder = await post<{ id: number }>(api, 'equipment', {
      title: `Ladder ${size} ${stamp}`,
      workspace_id: buildingA,
      type_id: ladders.id,
    });
    ladderIds.push(ladder.id);
  }
  const groupName = `Ladder set ${stamp}`;
  await post(api, 'equipment/group', { name: groupName, equipment_ids: ladderIds });

  zoneToRestore = { clientId: me.id, timeZone: originalZone };
  {
    // "Tomorrow" without waiting a day: the server decides overdue by the organisation's date
    // (todayIn of its time_zone setting), and the browser cannot move that clock. So the test
    // moves the organisation's own clock, through the settings an admin really has: the handout
    // is made while the organisation keeps UTC−12, returning "today" there, and then the
    // organisation moves to UTC+14, 26 hours ahead, where that day has always passed. Nothing is
    // written behind the server's back; the time zone is put back afterwards (afterEach too).
    await setTimeZone(api, me.id, BEHIND);
    const handoutDay = dayIn(BEHIND);

    await logInAs(page, 'admin@demo.test');
    await page.goto(`/dashboard/equipment/detail/${drill.id}`);
    const panel = page.getByTestId('equipment-booking-panel');
    await expect(panel.getByTestId('current-handout')).toContainText('In storage');
    await panel.getByRole('button', { name: 'Hand out' }).click();

    // Hand out to a new external holder, added from the dialog, until today.
    const dialog = page.getByRole('dialog', { name: `Hand out ${drillTitle}` });
    await dialog.getByText('Someone external', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Add external holder' }).click();
    const holderName = `Petra Partner ${stamp}`;
    const holderEmail = `petra.${stamp}@acme.test`;
    await dialog.getByRole('textbox', { name: 'Name' }).fill(holderName);
    await dialog.getByRole('textbox', { name: 'Company' }).fill('Acme Scaffolding');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(holderEmail);
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('+43 660 1234567');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: 'External holder' })).toHaveValue(
      `${holderName} (Acme Scaffolding)`,
    );
    // The type's week is prefilled; this handout is for today only.
    await expect(page.getByTestId('handout-return-date')).toHaveValue(typed(dayIn(BEHIND, 6)));
    await typeDay(page, 'handout-return-date', handoutDay);
    await expect(page.getByTestId('handout-return-date')).toHaveValue(typed(handoutDay));
    await expectAccessible(page, 'hand out dialog');
    await dialog.getByTestId('handout-confirm').click();
    await expect(dialog).toBeHidden();

    const current = panel.getByTestId('current-handout');
    await expect(current).toContainText(holderName);
    await expect(current.getByText('External', { exact: true })).toBeVisible();
    await expect(current.getByTestId('overdue-badge')).toHaveCount(0);
    await expectAccessible(page, 'equipment detail, handed out');

    // The next day: overdue, in red.
    await setTimeZone(api, me.id, AHEAD);
    await page.reload();
    await expect(current.getByTestId('overdue-badge')).toHaveText('Overdue');

    // The holder's mail carries the link that extends the handout without logging in.
    const outbox = (await (await request.get('/api/v4/mail/outbox', { headers: api.auth })).json()) as {
      data: Array<{ to_email: string; text: string }>;
    };
    const mail = outbox.data.find((m) => m.to_email === holderEmail);
    expect(mail, 'the handout mail to the holder').toBeTruthy();
    const link = mail?.text.match(/https?:\/\/\S*\/public\/equipment\/extend_handout\?token=[\w%-]+/)?.[0];
    expect(link, 'the extend link in the mail').toBeTruthy();

    // On the holder's phone, not logged in.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en' });
    const holderPage = await phone.newPage();
    const newReturn = dayIn(AHEAD, 2);
    try {
      await holderPage.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
      const handout = holderPage.getByTestId('public-handout');
      await expect(handout).toContainText(drillTitle);
      await expect(handout.getByText('Overdue')).toBeVisible();
      await expectAccessible(holderPage, 'public extend page (phone)');
      await typeDay(holderPage, 'public-extend-date', newReturn);
      await holderPage.getByTestId('public-extend-confirm').click();
      await expect(holderPage.getByTestId('extend-done')).toBeVisible();
      await expect(handout.getByText('Overdue')).toHaveCount(0);
    } finally {
      await phone.close();
    }

    // Back with the admin: no longer overdue, then returned.
    await page.reload();
    await expect(current.getByTestId('overdue-badge')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Return' }).click();
    const returnDialog = page.getByRole('dialog', { name: `Return ${drillTitle}` });
    await expect(returnDialog).toContainText(holderName);
    await returnDialog.getByTestId('return-confirm').click();
    await expect(returnDialog).toBeHidden();
    await expect(panel.getByTestId('current-handout')).toContainText('In storage');
    await setTimeZone(api, me.id, originalZone);
    zoneToRestore = null;
  }

  // A member of Building A reserves the ladder set, which needs approval: a request.
  const start = dayIn(originalZone, 3);
  const end = dayIn(originalZone, 4);
  await logInAs(page, 'anna@demo.test');
  await page.goto('/dashboard/equipment/groups');
  await page.getByRole('button', { name: groupName, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: groupName });
  await drawer.getByRole('button', { name: 'Reserve group' }).click();
  const reserve = page.getByRole('dialog', { name: `Reserve the group ${groupName}` });
  await expect(reserve).toContainText('Your request waits for a manager');
  await expect(reserve.getByTestId('reserve-buffer')).toContainText('1 buffer day before');
  await typeDay(page, 'reserve-start', start);
  await typeDay(page, 'reserve-end', end);
  await expectAccessible(page, 'reserve a group dialog');
  await reserve.getByTestId('reserve-confirm').click();
  await expect(reserve).toBeHidden();
  const memberRow = drawer.getByTestId('reservation-row');
  await expect(memberRow).toContainText('Waiting for approval');
  await expect(memberRow).toContainText('1 buffer day before');

  // The admin accepts it.
  await logInAs(page, 'admin@demo.test');
  await page.goto('/dashboard/equipment/groups');
  await page.getByRole('button', { name: groupName, exact: true }).click();
  const requests = page.getByRole('dialog', { name: groupName }).getByTestId('group-pending-requests');
  await expect(requests).toContainText('Anna Member');
  await expect(requests).toContainText('1 buffer day before');
  await expectAccessible(page, 'group with a pending request');
  await requests.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Request accepted.')).toBeVisible();
  const accepted = page.getByRole('dialog', { name: groupName }).getByTestId('reservation-row');
  await expect(accepted).toContainText('Anna Member');
  await expect(accepted).not.toContainText('Waiting for approval');
});

test('a finder reports a lost item from its public page on a phone', async ({ browser, request }) => {
  const stamp = Date.now();
  const api: Api = {
    request,
    auth: { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` },
  };
  const flat = (await (await request.get('/api/v4/workspace/flat', { headers: api.auth })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const type = await post<{ id: number }>(api, 'equipment/type', { name: `Meters ${stamp}` });
  const meter = await post<{ public_code: string }>(api, 'equipment', {
    title: `Laser meter ${stamp}`,
    workspace_id: flat.find((w) => w.name === 'Building A')?.id,
    type_id: type.id,
  });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en' });
  const page = await phone.newPage();
  try {
    await page.goto(`/public/equipment/${meter.public_code}`);
    await expect(page.getByRole('heading', { name: `Laser meter ${stamp}` })).toBeVisible();
    await expect(page.getByText('This belongs to Demo Facility Services.')).toBeVisible();
    await expectAccessible(page, 'public equipment page (phone)');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Frank Finder');
    await page.getByRole('textbox', { name: 'Phone or e-mail' }).fill('frank@example.test');
    await page.getByRole('textbox', { name: 'Message' }).fill('It was in the car park, level 2.');
    await page.getByTestId('found-submit').click();
    await expect(page.getByTestId('found-thank-you')).toContainText('Thank you!');

    // A code nobody issued says so.
    await page.goto('/public/equipment/not-a-real-code-000000');
    await expect(page.getByTestId('public-equipment-invalid')).toContainText('We do not know this equipment');
  } finally {
    await phone.close();
  }
});
