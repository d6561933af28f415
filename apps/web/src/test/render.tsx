// Renders a console component the way the app does: theme, a fresh query cache, toasts, confirmations and a
// router (memory history), with the signed-in session already known, in real Chromium (vitest-browser-react).
import type { Session } from '@assess/contracts/auth';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { render } from 'vitest-browser-react';
import { createQueryClient } from '../app/providers';
import { createAppTheme } from '../app/theme';
import { ConfirmProvider } from '../components/Confirm';
import { ToastProvider } from '../components/Toast';
import { authKeys } from '../features/auth/session';
import { staffSession } from './session';

export type RenderOptions = {
  /** The signed-in session (a Super User of an ERP provider unless given); null: signed out. */
  session?: Session | null;
  /** The route pattern the component is rendered at (for useParams) and the URL opened. */
  path?: string;
  url?: string;
  /** Child routes of `path` (a layout's pages, rendered in its Outlet). */
  children?: RouteObject[];
};

/** The console's theme as a user with reduced motion gets it: a component test waits for no transition or ripple. */
const testTheme = createAppTheme('ltr', { reducedMotion: true });

/** Renders `ui` inside the app's providers; answers vitest-browser-react's screen and the query client. */
export async function renderApp(ui: ReactNode, { session, path = '/', url, children }: RenderOptions = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  client.setQueryData(authKeys.session, session === undefined ? staffSession() : session);
  const router = createMemoryRouter(
    [
      { path, element: ui, children },
      { path: '*', element: <p data-testid="navigated-away">navigated away</p> },
    ],
    { initialEntries: [url ?? path] },
  );
  const screen = await render(
    <QueryClientProvider client={client}>
      <ThemeProvider theme={testTheme}>
        <CssBaseline />
        {/* a toast stays until closed or replaced by the next: none can hide before a slow machine checks it */}
        <ToastProvider autoHide={false}>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { screen, client, router };
}

/**
 * axe on the document (dialogs are portalled to the body): no serious or critical violation, as the browser
 * journeys checked page by page before (e2e/support/browser.ts checkA11y).
 */
export async function checkA11y(context: axe.ElementContext = document) {
  const results = await axe.run(context, { resultTypes: ['violations'] });
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, 'axe violations').toEqual([]);
}
