import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '../components/toaster';
import { setUnauthorizedHandler } from '../lib/api-client';
import { createQueryClient } from './query-client';
import { handleUnauthorized } from './router';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Set before the first request can be answered.
    setUnauthorizedHandler(() => handleUnauthorized(client));
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
