import { test as base, expect } from '@playwright/test';

/**
 * The browser tests' `test`: every page a test opens is watched for Content-Security-Policy
 * violations (Chromium reports each in the console), and the test fails if there was one. So the
 * server's CSP and the built app are checked together on every screen the tests visit.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: import('@playwright/test').Page) =>
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text()))
            violations.push(`${page.url()}: ${message.text()}`);
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
