import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CalendarItem, CalendarYearlyRow, LoginResponse, RouteContract } from '@workbench/domain';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../api/client';
import { setupI18n } from '../../../i18n';
import { sessionStore } from '../../auth/session-store';
import { CalendarPage } from './CalendarPage';

// The calendar calls answer from here; every other call (filter choices, config) waits forever.
vi.mock('../../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client')>()),
  call: vi.fn(),
}));
const mockedCall = vi.mocked(call);
type Input = { query?: Record<string, string> };
let handlers: Record<string, (input: Input) => unknown> = {};
const sent: Array<{ route: string; query: Record<string, string> }> = [];

const seconds = (iso: string) => Date.parse(iso) / 1000;

function item(id: number | string, day: string, patch: Partial<CalendarItem> = {}): CalendarItem {
  return {
    id,
    title: `Round ${id}`,
    description: 'Floor and doors',
    status_id: 5,
    status: { id: 5, name: 'accepted', type: 'accepted' },
    archived: false,
    completed_at: null,
    start_date: seconds(`${day}T06:00:00Z`),
    due_date: seconds(`${day}T08:00:00Z`),
    displayType: 'PLANNED',
    workspace: { id: 7, name: 'Lobby', available_assignees_ids: [] },
    workspace_id: 7,
    assignee: { full_name: 'Ben Member', profile_image: null },
    assignee_id: 5,
    category: { name: 'Cleaning' },
    priority_id: 3,
    number_of_comments: 0,
    schedule_id: 3,
    attachments: [],
    is_scheduled_prepared_task: false,
    model: 'ISSUE',
    fetched_as_main: true,
    permissions: {
      canAddAttachments: true,
      deleteOnlyMyAttachments: false,
      editOnlyMyAttachments: false,
      canEdit: true,
      canReassign: true,
      canQuickComplete: true,
    },
    ...patch,
  };
}

const NOVEMBER = Array.from({ length: 8 }, (_, i) =>
  i < 5
    ? item(20 + i, `2026-11-${String(16 + i).padStart(2, '0')}`, { displayType: 'OVERDUE' })
    : item(`3:2026-11-${20 + i}`, `2026-11-${20 + i}`, {
        status_id: 0,
        is_scheduled_prepared_task: true,
        model: 'PREDEFINED_TASK',
      }),
);

function row(scheduleId: number, title: string, november = 0): CalendarYearlyRow {
  return {
    scheduleId,
    scheduleTitle: title,
    assetTooltip: 'Boiler 1',
    assetGroupTooltip: '',
    events: Array.from({ length: 12 }, (_, i) => {
      const count = i === 10 ? november : 0;
      return {
        month: i + 1,
        data: NOVEMBER.slice(0, Math.min(count, 5)),
        count,
        blockDisplayType: count ? 'OVERDUE' : null,
      };
    }),
  };
}

const page = <T,>(data: T[], current = 1, last = 1, total = data.length) => ({
  data,
  current_page: current,
  last_page: last,
  per_page: 50,
  from: data.length ? 1 : null,
  to: data.length || null,
  total,
  first_page_url: '',
  last_page_url: '',
  next_page_url: null,
  prev_page_url: null,
  path: '',
});

beforeAll(async () => {
  await setupI18n('en');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
  handlers = {};
  sent.length = 0;
  sessionStore.loggedIn(
    {
      token: 'tok',
      expires_at: '2099-01-01T00:00:00Z',
      user: { id: 1, role: 'admin', client_id: 1, main_client_id: 1 },
    } as unknown as LoginResponse,
    false,
  );
  mockedCall.mockImplementation(((contract: RouteContract, input?: Input) => {
    const route = `${contract.method} ${contract.path}`;
    const handler = handlers[route];
    if (!handler) return new Promise(() => {});
    sent.push({ route, query: input?.query ?? {} });
    return Promise.resolve().then(() => handler(input ?? {}));
  }) as unknown as typeof call);
});
afterEach(() => {
  vi.useRealTimers();
  sessionStore.loggedOut();
  vi.clearAllMocks();
});

function Address() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <>
      <output data-testid="address">{location.pathname + location.search}</output>
      <output data-testid="navigation">{type}</output>
    </>
  );
}

function renderPage(address = '/dashboard/calendar') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[address]}>
            <CalendarPage />
            <Address />
          </MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}

const yearlyCalls = () => sent.filter((s) => s.route === 'GET /calendar/yearly');

describe('the calendar page, yearly view (001 §2)', { timeout: 20_000 }, () => {
  it('draws a row per schedule with twelve months, at most five chips a cell and +N for the rest', async () => {
    handlers['GET /calendar/yearly'] = () =>
      page([row(3, 'Cleaning round lobby', 8), row(4, 'Yearly lift inspection')]);
    renderPage();
    const rows = await screen.findAllByTestId('yearly-row');
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Cleaning round lobby',
      'Yearly lift inspection',
    ]);
    expect(screen.getByTestId('calendar-title').textContent).toBe('Calendar: 2026');
    const months = screen.getAllByTestId('yearly-month');
    expect(months.map((m) => m.textContent)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(months[10]?.getAttribute('aria-current')).toBe('date');
    const november = within(rows[0] as HTMLElement).getAllByTestId('yearly-cell')[10] as HTMLElement;
    const chips = within(november).getAllByTestId('yearly-chip');
    expect(chips.map((c) => c.textContent)).toEqual(['16', '17', '18', '19', '20']);
    expect(chips.map((c) => c.dataset.display)).toEqual(Array(5).fill('OVERDUE'));
    expect(within(november).getByTestId('yearly-more').textContent).toBe('+3');
    // The cell is one button named by what it holds; an empty month has none.
    expect(
      within(november).getByRole('button', { name: 'Cleaning round lobby, November 2026: all items (8)' }),
    ).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryAllByRole('button', { name: /all items/ })).toHaveLength(0);
    // Page 1 is the default, so it is left out.
    expect(yearlyCalls()[0]?.query).toEqual({ year: '2026' });
    expect(screen.getByRole('button', { name: 'Export as PDF' })).toHaveProperty('disabled', false);
  });

  it("sends the address's year, search, sort and filters, and loads the next 50 when the rows end", async () => {
    handlers['GET /calendar/yearly'] = ({ query }) =>
      query?.page === '2'
        ? page([row(9, 'Roof check')], 2, 2, 51)
        : page([row(3, 'Cleaning round lobby')], 1, 2, 51);
    renderPage(
      '/dashboard/calendar?year=2025&search=round&sort_by=upcoming&sort_direction=desc&workspaces=4',
    );
    // jsdom lays nothing out: the rows never fill the box, so the second page comes at once.
    await waitFor(() => expect(screen.getAllByTestId('yearly-row')).toHaveLength(2));
    expect(yearlyCalls().map((c) => c.query)).toEqual([
      { workspaces: '4', year: '2025', search: 'round', sort_by: 'upcoming', sort_direction: 'desc' },
      {
        workspaces: '4',
        year: '2025',
        search: 'round',
        sort_by: 'upcoming',
        sort_direction: 'desc',
        page: '2',
      },
    ]);
    expect(screen.getByTestId('calendar-title').textContent).toBe('Calendar: 2025');
    // No month is this month in another year.
    expect(screen.getAllByTestId('yearly-month').some((m) => m.hasAttribute('aria-current'))).toBe(false);
  });

  it('explains schedules when there are none (export disabled); a search without results offers the reset', async () => {
    handlers['GET /calendar/yearly'] = () => page([]);
    renderPage();
    expect(await screen.findByText('What are schedules?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a schedule' }).getAttribute('href')).toBe(
      '/dashboard/scheduling/add',
    );
    expect(screen.getByRole('button', { name: 'Export as PDF' })).toHaveProperty('disabled', true);
  });

  it('under a search, no results and a reset that clears the filters but keeps the year', async () => {
    handlers['GET /calendar/yearly'] = () => page([]);
    renderPage('/dashboard/calendar?search=nothing&assignees=4&year=2025');
    expect(await screen.findByText('No schedules match the search and filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Reset all filters' })[0] as HTMLElement);
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('/dashboard/calendar?year=2025'),
    );
  });

  it("lists a cell's items in its pop-up (150 a page); a chip opens its issue, a prepared task shows read only", async () => {
    handlers['GET /calendar/yearly'] = () => page([row(3, 'Cleaning round lobby', 8)]);
    handlers['GET /calendar/yearly/events'] = () => page(NOVEMBER);
    renderPage();
    const cell = (await screen.findAllByTestId('yearly-cell'))[10] as HTMLElement;
    fireEvent.click(within(cell).getByTestId('yearly-more'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('November 2026')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getAllByTestId('yearly-cell-item')).toHaveLength(8));
    expect(sent.find((s) => s.route === 'GET /calendar/yearly/events')?.query).toEqual({
      scheduleId: '3',
      month: '11',
      start_date: '2026-11-01',
    });
    // A prepared task from the list: read only.
    fireEvent.click(within(dialog).getAllByTestId('yearly-cell-item')[7] as HTMLElement);
    const prepared = await screen.findByText(
      'A preview of an issue the schedule will create. It cannot be changed here.',
    );
    expect(prepared).toBeTruthy();
    expect(screen.getByText('Lobby')).toBeTruthy();
  });

  it('a chip opens its issue page', async () => {
    handlers['GET /calendar/yearly'] = () => page([row(3, 'Cleaning round lobby', 3)]);
    renderPage();
    const chip = (await screen.findAllByTestId('yearly-chip'))[1] as HTMLElement;
    fireEvent.click(chip);
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('/dashboard/issues/detail/21'),
    );
  });

  it('keeps sort and year in the address; switching to yearly replaces the history entry', async () => {
    handlers['GET /calendar/yearly'] = () => page([row(3, 'Cleaning round lobby')]);
    renderPage();
    await screen.findAllByTestId('yearly-row');
    fireEvent.click(screen.getByRole('button', { name: 'Change the sort direction' }));
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('/dashboard/calendar?sort_direction=desc'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous year' }));
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe(
        '/dashboard/calendar?year=2025&sort_direction=desc',
      ),
    );
    expect(screen.getByTestId('navigation').textContent).toBe('PUSH');
    fireEvent.click(screen.getByRole('button', { name: 'Next year' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next year' }));
    await waitFor(() => expect(screen.getByTestId('calendar-title').textContent).toBe('Calendar: 2027'));
    // Next year is the last one.
    expect(screen.getByRole('button', { name: 'Next year' })).toHaveProperty('disabled', true);
  });

  it('a daily view names its day; back to yearly replaces the entry', async () => {
    handlers['GET /calendar/yearly'] = () => page([row(3, 'Cleaning round lobby')]);
    renderPage('/dashboard/calendar?view=dailyUsers&date=2026-12-03');
    expect(screen.getByTestId('calendar-title').textContent).toBe('Calendar: December 3, 2026');
    expect(screen.getByRole('button', { name: 'Today' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('button', { name: 'Export as PDF' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() =>
      expect(screen.getByTestId('calendar-title').textContent).toBe('Calendar: December 4, 2026'),
    );
    fireEvent.click(screen.getByTestId('calendar-view-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Yearly schedules/ }));
    await waitFor(() =>
      expect(screen.getByTestId('address').textContent).toBe('/dashboard/calendar?date=2026-12-04'),
    );
    expect(screen.getByTestId('navigation').textContent).toBe('REPLACE');
    expect(await screen.findByTestId('yearly-grid')).toBeTruthy();
  });
});
