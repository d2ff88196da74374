import type {
  ApiToken,
  ApiTokenList,
  ApiTokenUseList,
  CreateApiTokenBody,
  CreatedApiToken,
} from '@lp/contract/api-tokens';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

const keys = {
  all: ['api-tokens'] as const,
  uses: (id: number) => ['api-tokens', id, 'uses'] as const,
};

// GET /api-tokens — the caller's tokens, newest first.
export const useApiTokens = () =>
  useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => api.get<ApiTokenList>('/api-tokens', { signal }),
  });

// GET /api-tokens/{id}/uses — the newest uses of one token.
export const useApiTokenUses = (id: number) =>
  useQuery({
    queryKey: keys.uses(id),
    queryFn: ({ signal }) => api.get<ApiTokenUseList>(`/api-tokens/${id}/uses`, { signal }),
  });

// POST /api-tokens — the secret is in this answer only.
export const createApiToken = (body: CreateApiTokenBody) =>
  api.post<CreatedApiToken>('/api-tokens', body);
// DELETE /api-tokens/{id} — refused by the server from this answer on.
export const revokeApiToken = (id: number) => api.del<ApiToken>(`/api-tokens/${id}`);

export const invalidateApiTokens = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: keys.all });
