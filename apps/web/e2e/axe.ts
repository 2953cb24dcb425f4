import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

// WCAG 2.2 AA, as issue 13 asks: every rule tagged for levels A and AA up to 2.2.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
// Evaluated through the DevTools protocol, not added as a <script>: the app's CSP allows no inline script.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One line per element: where it is and what axe measured there (e.g. both colours and the ratio). */
function describe(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const check = [...node.any, ...node.all, ...node.none][0];
    return `    ${node.target.join(' ')}${check ? ` — ${check.message}` : ''}`;
  });
  return `${violation.id} [${violation.impact}] ${violation.help} (${violation.nodes.length})\n${nodes.join('\n')}`;
}

/**
 * Runs axe-core on the page as it is now and fails (softly, so one run lists every screen's
 * problems) when a serious or critical violation of WCAG 2.2 AA comes back. Call it once the
 * screen has loaded; finite transitions are let finish first, so a fading-in text is not measured.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A transition only exists once it has started: a menu mounted this frame starts fading in the
  // next one (Mantine's Transition), so let two frames pass before collecting the running ones.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        // A transition cancelled on the way (its element left) rejects: it is over all the same.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const count = blocking.reduce((sum, v) => sum + v.nodes.length, 0);
  expect
    .soft(blocking.map(describe), `${screen}: ${count} serious or critical accessibility problems`)
    .toEqual([]);
}
