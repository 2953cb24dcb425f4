import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { LoginResponse, RouteContract, Schedule } from '@workbench/domain';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../../api/client';
import { setupI18n } from '../../../i18n';
import { sessionStore } from '../../auth/session-store';
import { ScheduleListPage } from './ScheduleListPage';

// The schedule calls answer from here; every other call (filter choices, config) waits forever.
vi.mock('../../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client')>()),
  call: vi.fn(),
}));
const mockedCall = vi.mocked(call);
type Handler = (input: {
  params?: { id: number };
  query?: Record<string, string>;
  body?: unknown;
}) => unknown;
let handlers: Record<string, Handler> = {};
const sent: Array<{ route: string; input: Parameters<Handler>[0] }> = [];

function schedule(id: number, patch: Partial<Schedule> = {}): Schedule {
  return {
    id,
    title: `Schedule ${id}`,
    description: null,
    workspace_id: 1,
    workspace: { id: 1, name: 'Boiler house' },
    priority_id: 3,
    category_id: null,
    category: null,
    categories: [],
    assignee_id: 7,
    assignee: { id: 7, full_name: 'Anna Berg', profile_image: null },
    assignee_status: 5,
    assignee_note: null,
    watchers: [],
    replacements: [],
    assets: [{ id: 3, name: 'Boiler 1', status: 1 }],
    assets_mode: 'FOR_EACH_ASSET',
    checklist_templates: [],
    links: [],
    equipments: [],
    is_attachment_required: false,
    is_worktime_required: false,
    start_date: '2026-03-02',
    repeat_every: { type: 'weeks', value: 2, exclude_weekends: false },
    repeat_on: [1, 4],
    repeat_week_of_month: null,
    end: { type: 'NEVER', value: null },
    work_hours_start: '07:00',
    work_hours_end: '15:00',
    time_slots: [],
    time_limits: { completion: null },
    seasonal_break_type: 'NO',
    seasonal_break_start: null,
    seasonal_break_end: null,
    seasonal_break_yearly: false,
    seasonal_break_active: false,
    reschedule_mode: 'on_start_date',
    presence_alarm_enabled: false,
    presence_alarm: {
      earlier_than_start: { enabled: false, hours: 0, minutes: 0 },
      later_than_start: { enabled: false, hours: 0, minutes: 0 },
      earlier_than_end: { enabled: false, hours: 0, minutes: 0 },
      later_than_end: { enabled: false, hours: 0, minutes: 0 },
    },
    paused: false,
    archived: false,
    status: 'active',
    next_issue_scheduled_at: '2026-03-05T06:00:00.000Z',
    time_zone: 'Europe/Vienna',
    statistics: { created: 12, open: 2, completed: 10, presence_alarms: 0 },
    permissions: { can_edit: true, can_decide: false },
    created_by: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    ...patch,
  };
}

const page = (data: Schedule[]) => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 20,
  from: data.length ? 1 : null,
  to: data.length ? data.length : null,
  total: data.length,
});

beforeAll(async () => {
  await setupI18n('en');
});
beforeEach(() => {
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
  mockedCall.mockImplementation(((contract: RouteContract, input?: Parameters<Handler>[0]) => {
    const route = `${contract.method} ${contract.path}`;
    const handler = handlers[route];
    if (!handler) return new Promise(() => {});
    sent.push({ route, input: input ?? {} });
    return Promise.resolve().then(() => handler(input ?? {}));
  }) as unknown as typeof call);
});
afterEach(() => {
  sessionStore.loggedOut();
  vi.clearAllMocks();
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderPage(address = '/dashboard/scheduling') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[address]}>
            <ScheduleListPage />
            <Address />
          </MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}

const listCalls = () => sent.filter((s) => s.route === 'GET /schedule');

// Each test renders the whole page with Mantine: slow on a busy machine.
describe('the schedule list page (001 §2 "Scheduling")', { timeout: 20_000 }, () => {
  it('shows a card per schedule: title, workspace, assignee with decision, rule in words, status and counts', async () => {
    handlers['GET /schedule'] = () =>
      page([
        schedule(1),
        schedule(2, { title: 'Roof check', paused: true, status: 'paused', assignee_status: null }),
      ]);
    renderPage();
    const cards = await screen.findAllByTestId('schedule-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('Schedule 1')).toBeTruthy();
    expect(first.getByText('Boiler house')).toBeTruthy();
    expect(first.getByText('Anna Berg')).toBeTruthy();
    expect(first.getByText('Accepted')).toBeTruthy();
    expect(first.getByText('Every 2 weeks on Mon, Thu · 07:00–15:00')).toBeTruthy();
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getByText('Assets: 1')).toBeTruthy();
    expect(first.getByText('Issues created: 12')).toBeTruthy();
    // 06:00 UTC is 07:00 in the organisation's Vienna.
    expect(first.getByText(/^Next: .*7:00/)).toBeTruthy();
    const second = within(cards[1] as HTMLElement);
    expect(second.getByText('Paused')).toBeTruthy();
    expect(second.getByText('Not decided')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add schedule' }).getAttribute('href')).toBe(
      '/dashboard/scheduling/add',
    );
    expect(screen.getByTestId('schedule-list-range').textContent).toBe('Showing 1–2 of 2');
    expect(listCalls()[0]?.input.query).toEqual({ page: '1', paginate_by: '20' });
  });

  it('explains schedules when there are none, and says "no results" under a filter', async () => {
    handlers['GET /schedule'] = () => page([]);
    renderPage();
    expect(await screen.findByText('What are schedules?')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Add schedule' })).toHaveLength(2);
    cleanup();
    renderPage('/dashboard/scheduling?status=paused');
    expect(await screen.findByText('No schedule matches these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''));
  });

  it('shows the error with a retry that loads again', async () => {
    let fail = true;
    handlers['GET /schedule'] = () => {
      if (fail) throw new ApiError(500, 'general_error', 'boom');
      return page([schedule(1)]);
    };
    renderPage();
    expect(await screen.findByText('The schedules could not be loaded')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('Schedule 1')).toBeTruthy();
  });

  it('reads filters, sort and density from the address and sends them; the table shows one row each', async () => {
    handlers['GET /schedule'] = () => page([schedule(1), schedule(2)]);
    renderPage(
      '/dashboard/scheduling?status=paused,pending&sort_by=next_date&sort_direction=asc&density=table',
    );
    expect(await screen.findAllByTestId('schedule-row')).toHaveLength(2);
    expect(listCalls()[0]?.input.query).toEqual({
      status: 'paused,pending',
      sort_by: 'next_date',
      sort_direction: 'asc',
      page: '1',
      paginate_by: '20',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change sort direction' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toContain('sort_by=next_date'));
    expect(screen.getByTestId('address').textContent).not.toContain('sort_direction');
    expect(screen.getByTestId('address').textContent).toContain('density=table');
  });

  it('pauses the selected schedules after a confirmation and names the one refused (it stays selected)', async () => {
    handlers['GET /schedule'] = () => page([schedule(1), schedule(2, { title: 'Roof check' }), schedule(3)]);
    handlers['POST /schedule/:id/pause'] = ({ params }) => {
      if (params?.id === 2) throw new ApiError(422, 'schedule_archived', 'archived');
      return schedule(params?.id ?? 0, { paused: true });
    };
    renderPage();
    await screen.findAllByTestId('schedule-card');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Schedule 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Roof check' }));
    const bar = screen.getByTestId('schedule-bulk-bar');
    expect(within(bar).getByText('Selected: 2')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText(/Pause the selected schedules \(2\)/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('schedule-bulk-confirm'));
    const result = await screen.findByTestId('schedule-bulk-result');
    expect(within(result).getByText('Done: 1')).toBeTruthy();
    expect(within(result).getByText('Roof check')).toBeTruthy();
    expect(
      sent
        .filter((s) => s.route === 'POST /schedule/:id/pause')
        .map((s) => s.input.params?.id)
        .sort(),
    ).toEqual([1, 2]);
    // The list is read again after the write; the refused schedule stays selected.
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(1));
    expect(within(screen.getByTestId('schedule-bulk-bar')).getByText('Selected: 1')).toBeTruthy();
  });

  it('offers the actions a schedule allows in its menu and deletes after a confirmation', async () => {
    handlers['GET /schedule'] = () => page([schedule(1, { paused: true, status: 'paused' })]);
    handlers['DELETE /schedule/:id'] = () => ({ success: true });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Schedule 1' }));
    expect(await screen.findByRole('menuitem', { name: 'Start again' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Pause' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText(/Delete “Schedule 1”\?/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('schedule-delete-confirm'));
    await waitFor(() => expect(sent.some((s) => s.route === 'DELETE /schedule/:id')).toBe(true));
  });

  it('shows no menu actions and no add button to someone who may not edit', async () => {
    sessionStore.loggedIn(
      {
        token: 'tok',
        expires_at: '2099-01-01T00:00:00Z',
        user: { id: 2, role: 'user', client_id: 1, main_client_id: 1 },
      } as unknown as LoginResponse,
      false,
    );
    handlers['GET /schedule'] = () =>
      page([schedule(1, { permissions: { can_edit: false, can_decide: false } })]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Schedule 1' }));
    expect(await screen.findByRole('menuitem', { name: 'Open' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add schedule' })).toBeNull();
  });
});
