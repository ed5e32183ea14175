// Providers of the application proper, and the toasts (which outlive navigation between its pages). The
// landing page renders without them: React Query is loaded with the first page that needs it, which keeps
// the landing page's initial JavaScript small.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
