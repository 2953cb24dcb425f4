import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTheme } from '../../../app/theme';
import { setupI18n } from '../../../i18n';
import { ScanPage } from './ScanPage';

// No decoder is loaded here (its WebAssembly is the build's); the camera is what is tested.
vi.mock('../scanner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../scanner')>()),
  createDetector: () => Promise.resolve({ detect: () => Promise.resolve([]) }),
}));

beforeAll(async () => {
  await setupI18n('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test" theme={buildTheme({ primary: '#1c7ed6', secondary: '#495057' })}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/dashboard/scan']}>
          <ScanPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the scan page', () => {
  it('asks for the camera once, says it is not allowed, and asks again only when told to', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('refused', 'NotAllowedError')));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    renderPage();
    expect(await screen.findByText(/The camera is not allowed/)).toBeTruthy();
    // Typing re-renders the page; the camera must not be asked for again by itself.
    fireEvent.change(screen.getByLabelText('Code or address'), { target: { value: 'abc' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status', { name: /starting/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    expect(await screen.findByText(/The camera is not allowed/)).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });
});
