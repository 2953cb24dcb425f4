import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CalendarFeedResponse, RouteContract } from '@workbench/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../../api/client';
import { setupI18n } from '../../../i18n';
import { CalendarFeedCard } from './CalendarFeedCard';

vi.mock('../../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client')>()),
  call: vi.fn(),
}));
const mockedCall = vi.mocked(call);

const URL = 'https://work.example.com/api/v4/calendar/feed/secret123.ics';
const CREATED: CalendarFeedResponse = {
  feed: {
    url: URL,
    webcal_url: 'webcal://work.example.com/api/v4/calendar/feed/secret123.ics',
    created_at: '2026-05-04T08:00:00.000Z',
    last_used_at: null,
  },
};

/** The server as the card sees it: GET answers `current`, POST makes a feed, DELETE ends it. */
function serve(current: CalendarFeedResponse) {
  let state = current;
  mockedCall.mockImplementation((async (contract: RouteContract) => {
    if (contract.method === 'GET') return state;
    if (contract.method === 'POST') {
      state = {
        feed: { ...(CREATED.feed as NonNullable<CalendarFeedResponse['feed']>), url: null, webcal_url: null },
      };
      return CREATED;
    }
    state = { feed: null };
    return { success: true };
  }) as never);
}

beforeAll(async () => {
  await setupI18n('en');
});
afterEach(() => vi.clearAllMocks());

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <CalendarFeedCard />
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}

const methods = () => mockedCall.mock.calls.map(([contract]) => (contract as RouteContract).method);

describe('the calendar feed section of the own profile', () => {
  it('creates a link and shows its webcal and https addresses once', async () => {
    serve({ feed: null });
    renderCard();
    expect(await screen.findByText('The calendar feed is off.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const webcal = (await screen.findByLabelText('Link for calendar apps (webcal)')) as HTMLInputElement;
    expect(webcal.value).toBe(CREATED.feed?.webcal_url);
    expect((screen.getByLabelText('Link for subscribing by address (https)') as HTMLInputElement).value).toBe(
      URL,
    );
    expect(screen.getByRole('link', { name: 'Open in my calendar app' }).getAttribute('href')).toBe(
      CREATED.feed?.webcal_url,
    );
    expect(screen.getByRole('button', { name: 'Copy: Link for calendar apps (webcal)' })).toBeTruthy();
    expect(screen.getByText(/On since/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New link' })).toBeTruthy();
    expect(methods()).toEqual(['GET', 'POST']);
  });

  it('an existing feed shows no address; a new link asks first', async () => {
    serve({
      feed: { url: null, webcal_url: null, created_at: '2026-05-04T08:00:00.000Z', last_used_at: null },
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'New link' }));
    expect(screen.queryByLabelText('Link for calendar apps (webcal)')).toBeNull();
    expect(screen.getByText(/No calendar has read it yet/)).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The current link stops working at once/)).toBeTruthy();
    // Nothing happens until it is confirmed.
    expect(methods()).toEqual(['GET']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'New link' }));
    expect(
      ((await screen.findByLabelText('Link for subscribing by address (https)')) as HTMLInputElement).value,
    ).toBe(URL);
    expect(methods()).toEqual(['GET', 'POST']);
  });

  it('turning the feed off asks first, then ends it', async () => {
    serve({
      feed: {
        url: null,
        webcal_url: null,
        created_at: '2026-05-04T08:00:00.000Z',
        last_used_at: '2026-05-05T08:00:00.000Z',
      },
    });
    renderCard();
    expect(await screen.findByText(/Last read by a calendar/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByText('The calendar feed is off.')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Create link' })).toBeTruthy();
    expect(methods()).toEqual(['GET', 'DELETE']);
  });
});
