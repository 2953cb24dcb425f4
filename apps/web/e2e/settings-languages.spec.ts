import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { apiToken, logInAs } from './demo-session';
import { expect, test } from './fixtures';
import { waitForNetworkQuiet, watchNetwork } from './network';

// Issue 21's screens in all ten languages on a phone (390 px): none scrolls sideways and none
// shows a raw translation key. One login; the language is switched through the API (the profile's
// language) and the stored choice, as the language menu does. Then: a link to a group opens it.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 } });

/**
 * A visible text that is a translation key itself (i18next shows the key when a text is missing):
 * dotted lower-case words whose first one names a group of texts (a shared top-level key or a
 * feature with its own locales), so a package name such as decimal.js-light is not one.
 */
const RAW_KEY = /^[a-z][a-z_-]*\.[a-z_][a-z0-9_.]*$/;
const src = join(import.meta.dirname, '..', 'src');
const NAMESPACES = [
  ...Object.keys(JSON.parse(readFileSync(join(src, 'i18n', 'locales', 'en.json'), 'utf8'))),
  ...readdirSync(join(src, 'features')).filter((f) => existsSync(join(src, 'features', f, 'locales'))),
];

async function buildingA(page: Page, token: string): Promise<number> {
  const flat = (await (
    await page.request.get('/api/v4/workspace/flat', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Array<{ id: number; name: string }>;
  const id = flat.find((w) => w.name === 'Building A')?.id;
  expect(id).toBeTruthy();
  return id ?? 0;
}

/** What the page shows that should not be there: keys as text, and how wide it is. */
async function pageFaults(page: Page) {
  return page.evaluate(
    ({ rawKey, namespaces }) => {
      const isKey = (text: string) =>
        new RegExp(rawKey).test(text) && namespaces.includes(text.split('.')[0] ?? '');
      const raw: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent?.trim() ?? '';
        const box = n.parentElement?.getBoundingClientRect();
        if (!text || !box || (box.width === 0 && box.height === 0)) continue;
        if (isKey(text)) raw.push(text);
      }
      for (const el of document.querySelectorAll('[aria-label],[placeholder]'))
        for (const name of ['aria-label', 'placeholder']) {
          const value = el.getAttribute(name) ?? '';
          if (isKey(value)) raw.push(`${name}=${value}`);
        }
      return { raw, scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth };
    },
    { rawKey: RAW_KEY.source, namespaces: NAMESPACES },
  );
}

/** The ten interface languages (packages/domain UI_LANGUAGES). */
const UI_LANGUAGES = ['en', 'de', 'hr', 'hu', 'it', 'pl', 'ro', 'ru', 'tr', 'uk'] as const;

let page: Page;
let token = '';
/** The manager, who has not accepted the privacy policy: their consent page asks for it. */
let manager: Page;
let managerToken = '';
let paths: string[] = [];
let clientId = 0;
const PRIVACY = '/dashboard/privacy-consent';

/** Whether the organisation asks for the privacy policy (on only while the manager's page is looked at). */
async function requirePrivacy(required: boolean) {
  const res = await page.request.put(`/api/v4/client/${clientId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { settings: { privacy_policy: { required, url: 'https://example.com/privacy' } } },
  });
  expect(res.status()).toBe(200);
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.addInitScript(() => sessionStorage.setItem('workbench.mobile-prompt-dismissed', '1'));
  await logInAs(page, 'admin@demo.test');
  token = await apiToken(page.request, 'admin@demo.test');
  const id = await buildingA(page, token);
  clientId = (
    (await (
      await page.request.get('/api/v4/user/client_info', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: number }
  ).id;
  // The admin accepts the policy once (the page then says when), so turning the requirement on
  // and off never locks the admin out of the organisation's settings.
  await requirePrivacy(true);
  const consent = await page.request.post('/api/v4/user/me/privacy_consent', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(consent.status()).toBe(200);
  await requirePrivacy(false);
  manager = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await manager.addInitScript(() => sessionStorage.setItem('workbench.mobile-prompt-dismissed', '1'));
  await logInAs(manager, 'manager@demo.test');
  managerToken = await apiToken(manager.request, 'manager@demo.test');
  paths = [
    '/dashboard/settings/general',
    '/dashboard/settings/profile',
    '/dashboard/settings/pdf-reports',
    '/dashboard/settings/public-forms',
    '/dashboard/settings/about',
    '/dashboard/overview',
    '/dashboard/onboarding',
    PRIVACY,
    '/dashboard/scan',
    `/dashboard/workspaces/lease-info/${id}`,
    `/dashboard/workspaces/maintenance-info/${id}`,
  ];
});

test.afterAll(async () => {
  await requirePrivacy(false);
  for (const auth of [token, managerToken])
    await page.request.put('/api/v4/user/me', {
      headers: { authorization: `Bearer ${auth}` },
      data: { language: 'en' },
    });
  await manager.close();
  await page.close();
});

/**
 * Opens a page in the language and checks it fits a phone and shows no raw key. The first page of
 * a language loads the app afresh; the others are opened inside it, as its menus do (the router
 * follows the history), which spares booting the app a dozen times per language.
 */
async function checkPage(on: Page, path: string, language: string, fresh: boolean) {
  watchNetwork(on);
  if (fresh) await on.goto(path);
  else
    await on.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  await expect(on.locator('html')).toHaveAttribute('lang', language);
  await expect(on.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await waitForNetworkQuiet(on, 250);
  await expect(on).toHaveURL(new RegExp(`${path}$`));
  const faults = await pageFaults(on);
  expect(faults.raw, `${path} in ${language}`).toEqual([]);
  expect(faults.scrollWidth, `${path} in ${language} scrolls sideways`).toBeLessThanOrEqual(
    faults.innerWidth,
  );
}

async function useLanguage(on: Page, auth: string, language: string) {
  const saved = await on.request.put('/api/v4/user/me', {
    headers: { authorization: `Bearer ${auth}` },
    data: { language },
  });
  expect(saved.status()).toBe(200);
  await on.evaluate((l) => localStorage.setItem('workbench.language', l), language);
}

for (const language of UI_LANGUAGES) {
  test(`issue 21's screens in ${language} fit a phone and show no raw keys`, async () => {
    // Eleven pages: about 10 s on a quiet machine, several times that on a busy one.
    test.setTimeout(180_000);
    await useLanguage(page, token, language);
    for (const [n, path] of paths.entries()) await checkPage(page, path, language, n === 0);
    // The consent page asking for the policy (the longest button), while the organisation asks.
    await useLanguage(manager, managerToken, language);
    await requirePrivacy(true);
    try {
      await checkPage(manager, PRIVACY, language, true);
    } finally {
      await requirePrivacy(false);
    }
  });
}

test('a link to a group opens that group, and choosing one puts it in the address', async () => {
  await page.evaluate(() => localStorage.setItem('workbench.language', 'en'));
  const groups = (await (
    await page.request.get('/api/v4/equipment/group?paginate_by=50', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { data: Array<{ id: number; name: string }> };
  const [first, second] = groups.data;
  expect(second, 'the demo has two equipment groups').toBeTruthy();
  if (!first || !second) return;

  await page.goto(`/dashboard/equipment/groups?group=${second.id}`);
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: second.name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(page).not.toHaveURL(/group=/);

  await page.getByRole('button', { name: first.name, exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: first.name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]group=${first.id}(&|$)`));
  // Back closes it again, and the page still fits the phone.
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
