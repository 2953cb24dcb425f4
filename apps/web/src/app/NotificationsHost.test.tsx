import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationsHost } from './NotificationsHost';

describe('notifications host', () => {
  it('renders nothing until the first toast, then loads the container and shows it', async () => {
    render(
      <MantineProvider>
        <NotificationsHost />
      </MantineProvider>,
    );
    const toastContainer = () => document.querySelector('.mantine-Notifications-root');
    expect(toastContainer()).toBeNull();
    act(() => {
      notifications.show({ message: 'Saved before the container was there' });
    });
    expect(
      await screen.findByText('Saved before the container was there', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(toastContainer()).not.toBeNull();
    act(() => notifications.clean());
  });
});
