import { issuePriorityName, issueStatusName } from '@workbench/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, setupI18n } from './index';

beforeAll(async () => {
  localStorage.clear();
  await setupI18n('en');
});

describe('interface language', () => {
  it('switches to German, loading its translations on demand, and remembers the choice', async () => {
    expect(i18n.t('auth.log_in')).toBe('Log in');
    await changeLanguage('de');
    expect(i18n.t('auth.log_in')).toBe('Anmelden');
    expect(localStorage.getItem('workbench.language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('reads yu, rs and ba with the Croatian translation', async () => {
    for (const code of ['yu', 'rs', 'ba']) {
      expect(await changeLanguage(code)).toBe('hr');
      expect(i18n.t('auth.log_in')).toBe('Prijava');
    }
  });

  it('refuses an unsupported code with "Unsupported language" and keeps the current language', async () => {
    await changeLanguage('pl');
    await expect(changeLanguage('fr')).rejects.toThrow('Unsupported language');
    expect(i18n.language).toBe('pl');
  });

  it('names statuses and priorities with the words the server writes in exports', async () => {
    await changeLanguage('de');
    expect(i18n.t('issues.status.6')).toBe(issueStatusName('de', 6));
    expect(i18n.t('issues.priority.urgent')).toBe(issuePriorityName('de', 5));
    // The feature's own texts are still there beside them.
    expect(i18n.t('issues.status.6')).not.toBe('issues.status.6');
  });

  it('a missing key is only logged, and shows the key', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      expect(i18n.t('no.such.key')).toBe('no.such.key');
    } finally {
      console.warn = original;
    }
    expect(warnings.some((w) => w.includes('no.such.key'))).toBe(true);
  });
});
