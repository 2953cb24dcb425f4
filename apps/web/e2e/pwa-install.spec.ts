import type { APIResponse, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { logInAs } from './demo-session';
import { expect, test } from './fixtures';

// The installable app (issue 24): a Lighthouse-style installability check of the built app —
// manifest, icons, a service worker that controls the page and keeps the app shell for offline
// use, and no installability error from Chromium itself — and the phone prompt, which offers
// adding the web app to the home screen (no store links when no native app is configured).
// The service worker is what these tests check: allowed here (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Width and height of a PNG, read from its IHDR chunk. */
async function pngSize(res: APIResponse): Promise<string> {
  const bytes = await res.body();
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

type Manifest = {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  icons?: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
};

test.describe('installability', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('manifest, icons and a service worker that controls the page; Chromium finds no error', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toMatch(/^\/manifest\.webmanifest/);
    const res = await page.request.get(href ?? '');
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Manifest;
    expect(manifest.name).toBe('Workbench');
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.start_url).toBe('/dashboard/issues');
    expect(manifest.display).toBe('standalone');
    const icons = manifest.icons ?? [];
    for (const size of ['192x192', '512x512']) {
      const icon = icons.find((i) => i.sizes === size && (i.purpose ?? 'any').includes('any'));
      expect(icon, size).toBeTruthy();
      const file = await page.request.get(icon?.src ?? '');
      expect(file.status(), size).toBe(200);
      expect(file.headers()['content-type'], size).toBe('image/png');
      expect(await pngSize(file), size).toBe(size);
    }
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/icons/apple-touch-icon-180.png',
    );

    // The service worker installs after the first load and controls the page from the next one.
    const scriptUrl = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    expect(scriptUrl).toMatch(/\/sw\.js$/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    // What Chromium's own install check says (the same as Lighthouse's installability audit).
    const cdp = await context.newCDPSession(page);
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: Array<{ message: string }> };
    expect(errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // A Playwright context is an off-the-record profile, where Chromium never installs anything:
    // that one is about the test's browser, not the app.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    // Offline, a reload still gets the app shell from the service worker, and the app renders.
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await page.goto('/forgot-password');
      await expect(page.getByRole('heading').first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('the API is never answered by the service worker', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.reload();
    const res = await page.request.get('/api/v4/no-such-call');
    expect(res.status()).toBe(404);
    const viaPage = await page.evaluate(async () => {
      const answer = await fetch('/api/v4/no-such-call');
      return { status: answer.status, type: answer.headers.get('content-type') };
    });
    expect(viaPage.status).toBe(404);
    expect(viaPage.type).toMatch(/json/);
  });
});

/** Logs in at phone width and returns the app prompt dialog. */
async function promptAfterLogin(page: Page) {
  await logInAs(page, 'admin@demo.test');
  const prompt = page.getByRole('dialog', { name: 'Get the Workbench app' });
  await expect(prompt).toBeVisible();
  return prompt;
}

test.describe('the phone prompt', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: ANDROID });

  test('offers adding the web app to the home screen, no store links', async ({ page }) => {
    const prompt = await promptAfterLogin(page);
    await expect(prompt.getByText('Add Workbench to your home screen')).toBeVisible();
    await expect(prompt.locator('a[href*="play.google.com"], a[href*="apps.apple.com"]')).toHaveCount(0);
    await expect(prompt.getByRole('link')).toHaveCount(0);
    // Whether this Chromium offered the installation yet or not: the button, or the menu's steps.
    await expect(prompt.getByText('Add to home screen', { exact: true })).toBeVisible();
    await expectAccessible(page, 'app prompt (phone)');
    await page.screenshot({ path: test.info().outputPath('app-prompt-390.png') });

    // The browser's install offer, when it comes, turns into one button that calls it.
    await page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          (window as unknown as { prompted: boolean }).prompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(event);
    });
    await prompt.getByRole('button', { name: 'Add to home screen' }).click();
    await expect(prompt).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    // Once per session.
    await page.reload();
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Get the Workbench app' })).toHaveCount(0);
  });

  test('"Continue in the browser" closes it for the session', async ({ page }) => {
    const prompt = await promptAfterLogin(page);
    await prompt.getByRole('button', { name: 'Continue in the browser' }).click();
    await expect(prompt).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('workbench.mobile-prompt-dismissed'))).toBe('1');
  });
});

test.describe('the phone prompt on an iPhone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: IPHONE });

  test("shows Safari's steps: Share, then Add to Home Screen", async ({ page }) => {
    const prompt = await promptAfterLogin(page);
    const steps = prompt.getByRole('list', { name: 'Add to home screen' });
    await expect(steps.getByRole('listitem')).toHaveText([/Share button/, /Add to Home Screen/]);
    await expect(prompt.getByRole('link')).toHaveCount(0);
    await expectAccessible(page, 'app prompt (iPhone)');
    await page.screenshot({ path: '/tmp/s35p/app-prompt-iphone-390.png' });
  });

  test('is not shown in the app started from the home screen', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }),
    );
    await logInAs(page, 'admin@demo.test');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(page.getByRole('dialog', { name: 'Get the Workbench app' })).toHaveCount(0);
  });
});
