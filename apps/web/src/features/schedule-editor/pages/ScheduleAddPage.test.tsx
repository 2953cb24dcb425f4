import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../../i18n';
import { ScheduleAddPage } from './ScheduleAddPage';

const flat = [
  {
    id: 1,
    parent_id: null,
    name: 'Site',
    reference_number: null,
    archived: false,
    depth: 0,
    path: [],
    my_role: 'manager',
    can_edit: true,
  },
];

/** What the server answered to POST /schedule/, and the bodies it was sent. */
let refusal: Record<string, string> = {};
let sent: unknown[] = [];

beforeAll(async () => {
  await setupI18n('en');
  // Mantine's option list scrolls the active option into view; jsdom has no layout to scroll.
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  sent = [];
  sessionStorage.clear();
  // Only the create call answers (with the refusal); every other request stays pending.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST' && /\/schedule\/?$/.test(url)) {
      sent.push(JSON.parse(String(init.body)));
      return Promise.resolve(
        new Response(JSON.stringify({ error: 'validation_failed', message: 'Invalid', fields: refusal }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }
    return new Promise(() => {});
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['workspaces', 'flat'], flat);
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/dashboard/scheduling/add']}>
            <ScheduleAddPage />
          </MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}

const input = (name: RegExp) => screen.getByRole('textbox', { name });

function fillTitleAndWorkspace() {
  fireEvent.change(input(/^Title/), { target: { value: 'Fire doors' } });
  fireEvent.click(input(/^Workspace/));
  fireEvent.click(screen.getByRole('option', { name: 'Site' }));
}

// The whole form renders at once: under a busy machine that takes seconds.
describe('the schedule add screen', { timeout: 30_000 }, () => {
  it('says which fields are missing instead of sending', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Create schedule' }));
    expect(input(/^Title/).getAttribute('aria-invalid')).toBe('true');
    expect(input(/^Workspace/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(sent).toEqual([]);
  });

  it('shows the rule in words while it is typed', () => {
    renderPage();
    const summary = screen.getByTestId('schedule-summary');
    expect(summary.textContent).toMatch(/^Every week on \w+day, 08:00–16:00$/);
    fireEvent.change(screen.getByRole('textbox', { name: 'Repeat every' }), { target: { value: '2' } });
    expect(summary.textContent).toMatch(/^Every 2 weeks on/);
  });

  it('shows the server’s refusals at their fields', async () => {
    refusal = {
      'repeat_every.value': 'repeat_value_invalid',
      work_hours_end: 'work_hours_end_before_start',
      'assets.0': 'too_many_assets',
    };
    renderPage();
    fillTitleAndWorkspace();
    fireEvent.click(screen.getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      title: 'Fire doors',
      workspace_id: 1,
      repeat_every: { type: 'weeks', value: 1 },
    });
    expect(await screen.findByText('The interval must be a whole number from 1 to 999.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Repeat every' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The end time must be after the start time.')).toBeTruthy();
    expect(screen.getByLabelText('Work ends').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please correct the marked fields.')).toBeTruthy();
  });

  it('clears a field’s refusal once it is changed', async () => {
    refusal = { title: 'title_too_short' };
    renderPage();
    fillTitleAndWorkspace();
    fireEvent.click(screen.getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(input(/^Title/).getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(input(/^Title/), { target: { value: 'Fire doors A' } });
    expect(input(/^Title/).getAttribute('aria-invalid')).toBe('false');
  });
});
