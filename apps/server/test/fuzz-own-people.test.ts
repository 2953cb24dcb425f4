import { describe, it } from 'vitest';
import { setupFuzz } from './fuzz/fuzz-harness.js';

// The fuzzer's second half (test/fuzz/fuzz-harness.ts): our own admin, member and partner.
const fuzz = setupFuzz();

describe('fuzzing every operation as our own people', () => {
  it('our admin, member and partner get no 500, nothing slow, and change nothing of another organisation', async () => {
    const own = fuzz.own();
    const stranger = fuzz.stranger();
    await fuzz.fuzzLeaving(
      [stranger.clientId, stranger.partnerClientId],
      [
        { name: 'admin', user: own.people.admin, own, other: stranger, depth: 'full' },
        { name: 'member', user: own.people.member, own, other: stranger, depth: 'light' },
        { name: 'partner', user: own.people.partner, own, other: stranger, depth: 'light' },
      ],
    );
  }, 900_000);

  it('reports what it sent', () => fuzz.report());
});
