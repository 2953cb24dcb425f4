import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../i18n';
import { UpdateBanner } from './UpdateBanner';

describe('the update banner', () => {
  it('says a new version is ready and offers Reload and Later', async () => {
    await setupI18n('en');
    const onReload = vi.fn();
    const onLater = vi.fn();
    render(
      <MantineProvider>
        <UpdateBanner onReload={onReload} onLater={onLater} />
      </MantineProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('A new version is ready');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onLater).toHaveBeenCalledTimes(1);
  });
});
