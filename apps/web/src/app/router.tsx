import { Box, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { assetPages } from '../features/assets/routes';
import { useAuth } from '../features/auth/session-store';
import { calendarPages } from '../features/calendar/routes';
import { categoryPages } from '../features/categories/routes';
import { checklistTemplatePages } from '../features/checklist-templates/routes';
import { collaborationPages } from '../features/collaborations/routes';
import { dashboardPages } from '../features/dashboard/routes';
import { equipmentPages } from '../features/equipment/routes';
import { equipmentSetPages } from '../features/equipment-sets/routes';
import { issuePages } from '../features/issues/routes';
import { profilePages } from '../features/profiles/routes';
import { publicEquipmentPages } from '../features/public-equipment/routes';
import { publicFormPages } from '../features/public-forms/routes';
import { publicReportPages } from '../features/public-report/routes';
import { qrScanPages } from '../features/qr-scan/routes';
import { schedulePages } from '../features/schedules/routes';
import { settingsPages } from '../features/settings/routes';
import { textTemplatePages } from '../features/text-templates/routes';
import { workspaceInfoPages } from '../features/workspace-info/routes';
import { workspacePages } from '../features/workspaces/routes';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload';
import { CrashScreen } from './crash/CrashScreen';
import { LoggedOutOnly } from './guards';
import { DASHBOARD_PAGES, type FeaturePage, type PlannedPage, PUBLIC_PAGES } from './route-table';

/** Shown for the moment between a reload being asked for and the page going away. */
function Reloading() {
  return null;
}

/** Pages that features have built, by path; every other planned path shows "not available yet". */
const builtPages = new Map<string, FeaturePage>(
  [
    ...workspacePages,
    ...profilePages,
    ...collaborationPages,
    ...issuePages,
    ...checklistTemplatePages,
    ...categoryPages,
    ...textTemplatePages,
    ...assetPages,
    ...schedulePages,
    ...calendarPages,
    ...equipmentPages,
    ...equipmentSetPages,
    ...publicEquipmentPages,
    ...publicReportPages,
    ...publicFormPages,
    ...settingsPages,
    ...dashboardPages,
    ...qrScanPages,
    ...workspaceInfoPages,
  ].map((page) => [page.path, page]),
);

/** Lazy page module; a chunk that fails to load reloads the page once (throttled), else crashes. */
function lazyPage(load: () => Promise<ComponentType>) {
  return async () => {
    try {
      return { Component: await load() };
    } catch (error) {
      if (isChunkLoadError(error) && reloadAfterChunkError()) return { Component: Reloading };
      throw error;
    }
  };
}

const authPages = {
  login: lazyPage(() => import('../features/auth/pages/LoginPage').then((m) => m.LoginPage)),
  signup: lazyPage(() => import('../features/auth/pages/SignupPage').then((m) => m.SignupPage)),
  forgot: lazyPage(() =>
    import('../features/auth/pages/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  ),
  change: lazyPage(() =>
    import('../features/auth/pages/ChangePasswordPage').then((m) => m.ChangePasswordPage),
  ),
  activate: lazyPage(() =>
    import('../features/auth/pages/ActivateAccountPage').then((m) => m.ActivateAccountPage),
  ),
  tokenLogin: lazyPage(() => import('../features/auth/pages/TokenLoginPage').then((m) => m.TokenLoginPage)),
};

/**
 * A planned page that later work builds: "not available yet", named by its section and view.
 * Lazy like the built pages, so no route downloads the panel it does not show.
 */
function notAvailable(page: PlannedPage, fullPage: boolean) {
  return lazyPage(() =>
    import('../features/placeholder/NotAvailablePage').then(({ NotAvailablePage }) => {
      const panel = <NotAvailablePage section={page.section} view={page.view} />;
      return () =>
        fullPage ? (
          <Box mih="100vh" bg="var(--mantine-color-body)">
            {panel}
          </Box>
        ) : (
          panel
        );
    }),
  );
}

/** A stored login found expired at start sends the person to /login (000 §4), except on public pages. */
function Root() {
  const { expired, session } = useAuth();
  const { pathname } = useLocation();
  if (expired && !session && pathname !== '/login' && !pathname.startsWith('/public/')) {
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <CrashScreen />,
    hydrateFallbackElement: <Loader m="xl" />,
    children: [
      {
        // `/` is the landing and login entry: the login form, or the dashboard when logged in.
        element: (
          <LoggedOutOnly>
            <Outlet />
          </LoggedOutOnly>
        ),
        children: [
          { path: '/', lazy: authPages.login },
          { path: '/login', lazy: authPages.login },
          { path: '/signup', lazy: authPages.signup },
          { path: '/forgot-password', lazy: authPages.forgot },
        ],
      },
      { path: '/change-password', lazy: authPages.change },
      { path: '/activate_account', lazy: authPages.activate },
      { path: '/auth/tokenlogin', lazy: authPages.tokenLogin },
      {
        // Joining another organisation from a mailed link (a person who has an account already).
        path: '/public/join_organisation',
        lazy: lazyPage(() =>
          import('../features/profiles/pages/JoinOrganisationPage').then((m) => m.JoinOrganisationPage),
        ),
      },
      ...PUBLIC_PAGES.map((page) => {
        const built = builtPages.get(page.path);
        return { path: page.path, lazy: built ? lazyPage(built.load) : notAvailable(page, true) };
      }),
      {
        // The logged-in frame (guard, shell, confirm dialogs) loads with the first dashboard page.
        lazy: lazyPage(() => import('./shell/DashboardGuard').then((m) => m.DashboardGuard)),
        children: DASHBOARD_PAGES.map((page) => {
          const built = builtPages.get(page.path);
          return { path: page.path, lazy: built ? lazyPage(built.load) : notAvailable(page, false) };
        }),
      },
      { path: '/dashboard', element: <Navigate to="/dashboard/issues" replace /> },
      // Any unknown path falls back to the landing page (000 §2).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
