import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';

/** Client errors (4xx) are answers, not glitches: only network and server errors are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
