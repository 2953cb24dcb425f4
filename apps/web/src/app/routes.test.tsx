import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../i18n';
import { DASHBOARD_PAGES, PUBLIC_PAGES } from './route-table';
import { routes } from './router';

beforeAll(async () => {
  await setupI18n('en');
});

// Every route the spec names (000 §2 and 001 §2), with ids filled in.
const SPEC_PATHS = [
  '/dashboard/workspaces',
  '/dashboard/workspaces/add',
  '/dashboard/workspaces/edit/1',
  '/dashboard/workspaces/detail/1',
  '/dashboard/workspaces/detail/1/2',
  '/dashboard/workspaces/lease-info/1',
  '/dashboard/workspaces/maintenance-info/1',
  '/dashboard/issues',
  '/dashboard/issues/add',
  '/dashboard/issues/edit/1',
  '/dashboard/issues/detail/1',
  '/dashboard/issues/detail/1/2',
  '/dashboard/scheduling',
  '/dashboard/scheduling/add',
  '/dashboard/scheduling/detail/1',
  '/dashboard/equipment',
  '/dashboard/equipment/add',
  '/dashboard/equipment/detail/1',
  '/dashboard/equipment/edit/1',
  '/dashboard/equipment/groups',
  '/dashboard/equipment/types',
  '/dashboard/equipment/external-holders',
  '/dashboard/assets',
  '/dashboard/assets/add',
  '/dashboard/assets/detail/1',
  '/dashboard/assets/groups',
  '/dashboard/assets/systems',
  '/dashboard/profiles',
  '/dashboard/profile/detail',
  '/dashboard/profile/detail/1',
  '/dashboard/profile/edit',
  '/dashboard/profiles/new',
  '/dashboard/categories',
  '/dashboard/collaborators',
  '/dashboard/collaborators/detail/1',
  '/dashboard/calendar',
  '/dashboard/templates',
  '/dashboard/templates/checklists',
  '/dashboard/templates/checklists/add',
  '/dashboard/templates/checklists/detail/1',
  '/dashboard/templates/autocomplete',
  '/dashboard/settings',
  '/dashboard/settings/general',
  '/dashboard/settings/profile',
  '/dashboard/settings/pdf-reports',
  '/dashboard/settings/public-forms',
  '/dashboard/settings/about',
  '/dashboard/onboarding',
  '/dashboard/privacy-consent',
  '/public/issue',
  '/public/issue/unsubscribe',
  '/public/issue/watchers-unsubscribe',
  '/public/report',
  '/public/equipment/extend_handout',
  '/public/equipment/group/extend_handout',
  '/public/equipment/report',
  '/public/equipment/group/found',
  '/public/asset/report',
  '/public/collaboration_action',
  '/public/thank-you',
  '/public/equipment/7',
  '/public/equipment/group/7',
];

function matches(pattern: string, path: string) {
  const re = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
  return re.test(path);
}

describe('the route table', () => {
  it('has a page for every route of the spec', () => {
    const patterns = [...DASHBOARD_PAGES, ...PUBLIC_PAGES].map((p) => p.path);
    const missing = SPEC_PATHS.filter((path) => !patterns.some((pattern) => matches(pattern, path)));
    expect(missing).toEqual([]);
  });
});

// Every page is a lazy module: the first one a test renders is transformed on demand, slower than
// the default second of findBy*.
const lazyPage = { timeout: 10_000 };

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

describe('routing', () => {
  it('a public page opens without an account, never blank', async () => {
    const router = renderAt('/public/thank-you');
    expect(await screen.findByText('Thank you for your report.', {}, lazyPage)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/public/thank-you');
  });

  it('an unknown path falls back to the landing page with the login form', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Log in to Workbench' }, lazyPage)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a logged-out visitor of a dashboard page lands on / and the origin is remembered', async () => {
    const router = renderAt('/dashboard/calendar?view=yearly');
    expect(await screen.findByRole('heading', { name: 'Log in to Workbench' }, lazyPage)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toEqual({ from: '/dashboard/calendar?view=yearly' });
  });
});
