import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, setupI18n } from '../../i18n';
import { CrashBoundary } from './CrashScreen';

function Broken(): never {
  throw new Error('render failed');
}

function renderCrash() {
  render(
    <MantineProvider>
      <CrashBoundary>
        <Broken />
      </CrashBoundary>
    </MantineProvider>,
  );
}

beforeAll(async () => {
  await setupI18n('en');
});

describe('crash screen', () => {
  it('replaces a crashed page with the spec texts and a Reload button', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      await changeLanguage('en');
      renderCrash();
      expect(screen.getByRole('heading', { name: 'We are working on it' })).toBeTruthy();
      expect(screen.getByText(/automated report/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    } finally {
      console.error = original;
    }
  });

  it('speaks German, the yu text for Croatian, and English for languages it has no text in', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      for (const [lang, title] of [
        ['de', 'Wir arbeiten daran'],
        ['hr', 'Radimo na tome'],
        ['ru', 'We are working on it'],
      ] as const) {
        await changeLanguage(lang);
        renderCrash();
        expect(screen.getByRole('heading', { name: title })).toBeTruthy();
        document.body.innerHTML = '';
      }
    } finally {
      console.error = original;
    }
  });
});
