import { describe, expect, it } from 'vitest';
import { setupFuzz } from './fuzz/fuzz-harness.js';

// The fuzzer's first half (test/fuzz/fuzz-harness.ts): another organisation's admin and anonymous callers.
const fuzz = setupFuzz();

describe('fuzzing every operation as strangers', () => {
  it('covers every route the server registered', () => {
    // Every /api/v4 route but the documentation's own is in the document the fuzzer reads.
    const documented = new Set(fuzz.operations().map((op) => `${op.method} ${op.path}`));
    const missing = fuzz
      .routes()
      .filter((r) => r.url.startsWith('/api/v4/'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`)
      .filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
    expect(fuzz.operations().length).toBeGreaterThan(100);
  });

  it('another organisation gets no 500, nothing slow, and changes nothing of ours or our partner’s', async () => {
    const own = fuzz.own();
    const stranger = fuzz.stranger();
    await fuzz.fuzzLeaving(
      [own.clientId, own.partnerClientId],
      [
        {
          name: 'other-organisation admin',
          user: stranger.people.admin,
          own: stranger,
          other: own,
          depth: 'full',
        },
        // Anonymous callers name the stranger's entities here: this phase must leave ours untouched.
        { name: 'anonymous', user: null, own: stranger, other: own, depth: 'light' },
      ],
    );
  }, 900_000);

  it('reports what it sent', () => fuzz.report());
});
