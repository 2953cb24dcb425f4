import { describe, expect, it } from 'vitest';
import { mergeClientSettings, readClientSettings, ZClientSettingsPatchSchema } from './client-settings.js';

describe('client settings', () => {
  it('reads an empty document as every default', () => {
    const s = readClientSettings({});
    expect(s.archive_issues_statuses).toEqual([4, 8]);
    expect(s.member_can_take_over_issue).toBe(true);
    expect(s.user_management_permission).toBe('admins');
    expect(s.colors.primary).toMatch(/^#[0-9a-f]{6}$/i);
    expect(s.display.comments).toBe(true);
    expect(readClientSettings(null)).toEqual(s);
  });

  it('keeps stored values and fills missing nested ones', () => {
    const s = readClientSettings({ include_assets: false, colors: { primary: '#ff0000' } });
    expect(s.include_assets).toBe(false);
    expect(s.colors.primary).toBe('#ff0000');
    expect(s.colors.secondary).toMatch(/^#/);
  });

  it('merges a patch: nested objects merge, lists replace', () => {
    const before = readClientSettings({ colors: { primary: '#111111', secondary: '#222222' } });
    const after = mergeClientSettings(before, {
      colors: { secondary: '#333333' },
      archive_issues_statuses: [8],
      display: { history: false },
    });
    expect(after.colors).toEqual({ primary: '#111111', secondary: '#333333' });
    expect(after.archive_issues_statuses).toEqual([8]);
    expect(after.display.history).toBe(false);
    expect(after.display.comments).toBe(true);
  });

  it('refuses bad values in a patch', () => {
    expect(ZClientSettingsPatchSchema.safeParse({ colors: { primary: 'red' } }).success).toBe(false);
    expect(ZClientSettingsPatchSchema.safeParse({ user_management_permission: 'everyone' }).success).toBe(
      false,
    );
    expect(ZClientSettingsPatchSchema.safeParse({ archive_issues_statuses: [9] }).success).toBe(false);
  });
});
