import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../../api/client';
import { setupI18n } from '../../../i18n';
import { TypeModal } from './TypeModal';

vi.mock('../../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client')>()),
  call: vi.fn(),
}));
const mockedCall = vi.mocked(call);

beforeAll(async () => {
  await setupI18n('en');
});
afterEach(() => vi.clearAllMocks());

function renderModal(onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <TypeModal opened type={null} onClose={() => {}} onSaved={onSaved} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onSaved;
}

const toggle = (period: string) => screen.getByTestId(`toggle-${period}`) as HTMLInputElement;
const value = (period: string) => screen.queryByTestId(`value-${period}`) as HTMLInputElement | null;
const createBody = () =>
  mockedCall.mock.calls.find(
    ([contract]) => (contract as { method: string }).method === 'POST',
  )?.[1] as unknown as {
    body: Record<string, unknown>;
  };

describe('the equipment type form', () => {
  it('opens with the three periods on at their defaults: 1 week, 1 week, 1 day before', () => {
    renderModal();
    for (const period of ['default_return_period', 'max_reservation_duration', 'buffer_days_reservations'])
      expect(toggle(period).checked).toBe(true);
    expect(value('default_return_period')?.value).toBe('1');
    expect(value('max_reservation_duration')?.value).toBe('1');
    expect(value('buffer_days_reservations')?.value).toBe('1');
    expect(screen.getAllByDisplayValue('1 week')).toHaveLength(2);
    expect(screen.getByDisplayValue('1 buffer day before')).toBeTruthy();
  });

  it('a switched-off period hides its value and is sent off, without a value', async () => {
    mockedCall.mockResolvedValue({ id: 9, name: 'Meters' } as never);
    const onSaved = renderModal();
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Meters' } });
    fireEvent.click(toggle('max_reservation_duration'));
    expect(value('max_reservation_duration')).toBeNull();
    fireEvent.click(screen.getByTestId('set-form-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const { body } = createBody();
    expect(body).toMatchObject({
      name: 'Meters',
      set_default_return_period: true,
      default_return_period_value: 1,
      default_return_period_type: 'WEEKS',
      set_max_reservation_duration: false,
      set_buffer_days_reservations: true,
      buffer_days_reservations_value: 1,
      buffer_days_reservations_type: 'BEFORE',
    });
    expect(body).not.toHaveProperty('max_reservation_duration_value');
  });

  it('asks for a name before sending anything', () => {
    renderModal();
    fireEvent.click(screen.getByTestId('set-form-save'));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(mockedCall).not.toHaveBeenCalled();
  });
});
