import {
  isOnboardingComplete,
  needsPrivacyConsent,
  onboardingSteps,
  readClientSettings,
  showsOnboarding,
} from '@workbench/domain';
import { describe, expect, it } from 'vitest';
import { issuesLink, ONBOARDING_STEP_LINKS, percentText, weekRows } from './dashboard-view';

describe('dashboard view helpers', () => {
  it('links a figure to the issue list with its query', () => {
    expect(issuesLink('assignees=4&due_state=overdue')).toBe(
      '/dashboard/issues?assignees=4&due_state=overdue',
    );
    expect(issuesLink('')).toBe('/dashboard/issues');
  });

  it("labels weeks by their Monday in the organisation's time zone", () => {
    const rows = weekRows(
      [
        {
          week: '2026-W49',
          // Monday 30 Nov 2026 00:00 in Vienna is 23:00 UTC on the Sunday.
          starts_at: '2026-11-29T23:00:00.000Z',
          ends_at: '2026-12-06T23:00:00.000Z',
          opened: 3,
          completed: 1,
          opened_query: 'issue_state=all',
        },
      ],
      'en',
      'Europe/Vienna',
    );
    expect(rows).toEqual([
      { label: 'Nov 30', week: '2026-W49', opened: 3, completed: 1, opened_query: 'issue_state=all' },
    ]);
    // An unknown zone still gives a label.
    expect(
      weekRows(
        [{ ...rows[0], starts_at: '2026-11-30T00:00:00.000Z', ends_at: '' } as never],
        'de',
        'Mars/Base',
      )[0]?.label,
    ).toBe('30. Nov.');
  });

  it('formats the on-time share in the reader’s language', () => {
    expect(percentText(87.5, 'en')).toBe('87.5%');
    expect(percentText(87.5, 'de')).toMatch(/^87,5\s%$/);
  });

  it('offers create_schedule only with schedules, and a link for each step', () => {
    const on = readClientSettings({});
    const off = readClientSettings({ include_schedules: false });
    expect(onboardingSteps(on)).toContain('create_schedule');
    expect(onboardingSteps(off)).not.toContain('create_schedule');
    for (const step of onboardingSteps(on)) expect(ONBOARDING_STEP_LINKS[step]).toMatch(/^\/dashboard\//);
    const four = {
      completed_steps: ['create_workspace', 'invite_people', 'create_issue', 'print_qr_code'],
      dismissed: false,
    };
    expect(isOnboardingComplete(four, off)).toBe(true);
    expect(isOnboardingComplete(four, on)).toBe(false);
    expect(showsOnboarding(four, on, 'admin')).toBe(true);
    expect(showsOnboarding(four, on, 'user')).toBe(false);
    expect(showsOnboarding({ ...four, dismissed: true }, on, 'admin')).toBe(false);
  });

  it('asks for the privacy consent only when required and not given', () => {
    const required = readClientSettings({
      privacy_policy: { required: true, url: 'https://example.test/p' },
    });
    expect(needsPrivacyConsent(required, { consented_at: null })).toBe(true);
    expect(needsPrivacyConsent(required, { consented_at: '2026-01-01T00:00:00.000Z' })).toBe(false);
    expect(needsPrivacyConsent(readClientSettings({}), { consented_at: null })).toBe(false);
  });
});
