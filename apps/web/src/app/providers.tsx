import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '../components/Confirm';
import { ToastProvider } from '../components/Toast';
import { authKeys } from '../features/auth/session';
import { isApiError } from '../lib/api';
import { useAppTheme } from './theme';

/**
 * One query client for the app. A 401 from any query means the session ended: the session query is set
 * to null so the guards send the user to /auth. 4xx answers are not retried.
 */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error) && error.status === 401 && query.queryKey[0] !== authKeys.session[0]) {
          client.setQueryData(authKeys.session, null);
        }
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

const queryClient = createQueryClient();

/** Theme, query cache, toasts and confirmations around the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useAppTheme('ltr');
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
