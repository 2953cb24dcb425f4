import { describe, expect, it } from 'vitest';
import { settingsTabsFor } from './components/SettingsLayout';

describe('settings tabs', () => {
  it('shows admins every tab and others their profile and the about tab', () => {
    expect(settingsTabsFor(true)).toEqual(['general', 'profile', 'pdf-reports', 'public-forms', 'about']);
    expect(settingsTabsFor(false)).toEqual(['profile', 'about']);
  });
});
