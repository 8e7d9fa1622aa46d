import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '../components/toaster';
import { errorMessage, isApiError } from '../lib/api-client';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors (4xx) will not change on retry; network and 5xx get two more tries.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Server state for the whole back office; every failure surfaces as a toast with the server's text. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error) && error.status === 401) return;
        toast.error(errorMessage(error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isApiError(error) && error.status === 401) return;
        // Forms that show the message inline (login) opt out of the toast.
        if (mutation.meta?.toastErrors === false) return;
        toast.error(errorMessage(error));
      },
    }),
    defaultOptions: {
      queries: { staleTime: 15_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
