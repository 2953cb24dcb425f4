import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, setupI18n } from '../../i18n';
import { LanguageSwitcher } from './LanguageSwitcher';

beforeAll(async () => {
  await setupI18n('en');
});

describe('language switcher', () => {
  it('opens its menu, loaded on the first click, and switches the language', async () => {
    render(
      <MantineProvider>
        <LanguageSwitcher />
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Language: English – EN' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    const german = await screen.findByRole('menuitem', { name: 'Deutsch' }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Language: English – EN' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    fireEvent.click(german);
    expect(await screen.findByRole('button', { name: /: Deutsch – DE$/ })).toBeTruthy();
    await changeLanguage('en');
  });
});
