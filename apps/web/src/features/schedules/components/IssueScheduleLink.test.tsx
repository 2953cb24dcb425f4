import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../../api/client';
import { setupI18n } from '../../../i18n';
import { IssueScheduleLink } from './IssueScheduleLink';

vi.mock('../../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client')>()),
  call: vi.fn(),
}));
const mockedCall = vi.mocked(call);

beforeAll(async () => {
  await setupI18n('en');
});
afterEach(() => vi.clearAllMocks());

function renderLink() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <IssueScheduleLink scheduleId={14} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe("the issue's link to its schedule", () => {
  it('names the schedule by its title and links to it', async () => {
    mockedCall.mockResolvedValue({ id: 14, title: 'Weekly boiler check' } as never);
    renderLink();
    const link = await screen.findByRole('link', { name: 'Weekly boiler check' });
    expect(link.getAttribute('href')).toBe('/dashboard/scheduling/detail/14');
    expect(screen.getByTestId('issue-schedule-link').textContent).toContain(
      'Created by schedule Weekly boiler check',
    );
  });

  it('links with a generic text when the schedule cannot be read', async () => {
    mockedCall.mockRejectedValue(new ApiError(404, 'not_found', 'gone'));
    renderLink();
    const link = await screen.findByRole('link', { name: 'Created by a schedule' });
    expect(link.getAttribute('href')).toBe('/dashboard/scheduling/detail/14');
  });
});
