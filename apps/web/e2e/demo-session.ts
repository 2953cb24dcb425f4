import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Every demo user's password (the seeded demo organisation, README "Demo logins"). */
export const DEMO_PASSWORD = 'demo12345';

/** A user's API token (a demo user unless a password is given), for setting up data through the API. */
export async function apiToken(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await request.post('/api/v4/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Forgets the page's login, like a fresh browser. Storage is cleared on a page of the same origin
 * that runs no app: a dashboard still loading would save its login again when its /me answer
 * arrives (DashboardGuard), after the clear.
 */
export async function forgetLogin(page: Page) {
  await page.goto('/api/v4/health');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
}

/**
 * Logs a user in through the login screen (a demo user unless a password is given) and waits for
 * the dashboard. Whoever was logged in on the page before is logged out first.
 */
export async function logInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await forgetLogin(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

/** A new issue in the demo's Building A, made through the API as the demo admin. */
export async function demoIssue(
  request: APIRequestContext,
  title: string,
): Promise<{ issueId: number; auth: { authorization: string } }> {
  const auth = { authorization: `Bearer ${await apiToken(request, 'admin@demo.test')}` };
  const flat = (await (await request.get('/api/v4/workspace/flat', { headers: auth })).json()) as Array<{
    id: number;
    name: string;
  }>;
  const created = await request.post('/api/v4/issue', {
    headers: auth,
    data: { title, workspace_id: flat.find((w) => w.name === 'Building A')?.id },
  });
  expect(created.status()).toBe(201);
  return { issueId: ((await created.json()) as { id: number }).id, auth };
}
