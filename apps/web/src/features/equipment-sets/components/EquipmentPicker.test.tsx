import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { EquipmentListItem } from '@workbench/domain';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../../api/client';
import { setupI18n } from '../../../i18n';
import { EquipmentPicker } from './EquipmentPicker';

vi.mock('../../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client')>()),
  call: vi.fn(),
}));
const mockedCall = vi.mocked(call);

beforeAll(async () => {
  await setupI18n('en');
});
afterEach(() => vi.clearAllMocks());

const item = (id: number, title: string) =>
  ({
    id,
    title,
    status: 'stored',
    workspace: { id: 1, name: 'Depot' },
    type: { id: 2, name: 'Drills' },
    serial_number: null,
  }) as EquipmentListItem;

/** Page `page` of 12 active items (ten, then two). */
function pageOf(page: number) {
  const all = Array.from({ length: 12 }, (_, n) => item(n + 1, `Drill ${n + 1}`));
  const data = all.slice((page - 1) * 10, page * 10);
  return { data, current_page: page, last_page: 2, total: 12, from: 1, to: data.length, parts: {} };
}

function Harness({ initial = [], seen }: { initial?: number[]; seen: number[][] }) {
  const [value, setValue] = useState(initial);
  return (
    <EquipmentPicker
      label="Equipment"
      value={value}
      onChange={(ids) => {
        seen.push(ids);
        setValue(ids);
      }}
      workspaceId={8}
    />
  );
}

function renderPicker(props: { initial?: number[]; seen: number[][] }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Harness {...props} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const listCalls = () =>
  mockedCall.mock.calls.filter(([contract]) => (contract as { path: string }).path === '/equipment');

describe('the equipment picker', () => {
  it('asks for active items ten at a time, of the workspace, and loads the next ten on "Show more"', async () => {
    mockedCall.mockImplementation(async (_contract, input) => {
      const query = (input as unknown as { query: Record<string, string> }).query;
      return pageOf(Number(query.page)) as never;
    });
    const seen: number[][] = [];
    renderPicker({ seen });
    fireEvent.focus(screen.getByRole('textbox', { name: 'Equipment' }));
    expect(await screen.findByText('Drill 10')).toBeTruthy();
    expect(screen.queryByText('Drill 11')).toBeNull();
    expect(listCalls()[0]?.[1]).toMatchObject({
      query: {
        status: 'active',
        paginate_by: '10',
        page: '1',
        workspaces: '8',
        include_sub_ws: '1',
      },
    });

    fireEvent.click(screen.getByText('Show more'));
    expect(await screen.findByText('Drill 12')).toBeTruthy();
    expect(listCalls().at(-1)?.[1]).toMatchObject({
      query: { status: 'active', paginate_by: '10', page: '2' },
    });
    // The last page: nothing more to load.
    expect(screen.queryByText('Show more')).toBeNull();
  });

  it('chooses and takes back items, showing the chosen ones as chips', async () => {
    mockedCall.mockResolvedValue(pageOf(1) as never);
    const seen: number[][] = [];
    renderPicker({ seen });
    fireEvent.focus(screen.getByRole('textbox', { name: 'Equipment' }));
    fireEvent.click(await screen.findByText('Drill 3'));
    fireEvent.click(screen.getByText('Drill 5'));
    expect(seen.at(-1)).toEqual([3, 5]);
    // The chip's remove button (Mantine keeps it out of the tab order; Backspace removes the last chip).
    const remove = screen.getByLabelText('Remove Drill 3');
    act(() => {
      fireEvent.click(remove);
    });
    expect(seen.at(-1)).toEqual([5]);
  });

  it('names items chosen earlier that the loaded page does not hold', async () => {
    mockedCall.mockImplementation(async (contract) => {
      if ((contract as { path: string }).path === '/equipment/:id')
        return { ...item(40, 'Old ladder') } as never;
      return pageOf(1) as never;
    });
    renderPicker({ initial: [40], seen: [] });
    await waitFor(() => expect(screen.getByText('Old ladder')).toBeTruthy());
  });
});
