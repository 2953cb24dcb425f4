import type { Page } from '@playwright/test';

/**
 * Waits until the page has had no request in flight for `quietMs`, leaving out the live event
 * stream: it stays open for as long as the page does, so Playwright's 'networkidle' never comes.
 * The page's requests are counted from the first call on (call it once right after opening the
 * page, or before the action whose refetches are waited for).
 */
const pending = new WeakMap<Page, Set<import('@playwright/test').Request>>();

function track(page: Page): Set<import('@playwright/test').Request> {
  let inFlight = pending.get(page);
  if (inFlight) return inFlight;
  const set = new Set<import('@playwright/test').Request>();
  inFlight = set;
  pending.set(page, set);
  const isStream = (url: string) => new URL(url).pathname === '/api/v4/events';
  page.on('request', (request) => {
    if (!isStream(request.url())) set.add(request);
  });
  const done = (request: import('@playwright/test').Request) => set.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return set;
}

/** Starts counting the page's requests (before the action whose refetches are waited for). */
export function watchNetwork(page: Page): void {
  track(page);
}

export async function waitForNetworkQuiet(page: Page, quietMs = 500): Promise<void> {
  const inFlight = track(page);
  let quietSince = Date.now();
  for (;;) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
}
