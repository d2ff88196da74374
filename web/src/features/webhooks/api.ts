import type {
  CreatedWebhook,
  CreateWebhookBody,
  Webhook,
  WebhookDeliveryList,
  WebhookList,
} from '@lp/contract/webhooks';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

const keys = {
  all: ['webhooks'] as const,
  deliveries: (id: number) => ['webhooks', id, 'deliveries'] as const,
};

// GET /webhooks — newest first, deleted ones included.
export const useWebhooks = () =>
  useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => api.get<WebhookList>('/webhooks', { signal }),
  });

// GET /webhooks/{id}/deliveries — the newest 50.
export const useDeliveries = (id: number) =>
  useQuery({
    queryKey: keys.deliveries(id),
    queryFn: ({ signal }) => api.get<WebhookDeliveryList>(`/webhooks/${id}/deliveries`, { signal }),
  });

// POST /webhooks — the signing secret is in this answer only.
export const createWebhook = (body: CreateWebhookBody) =>
  api.post<CreatedWebhook>('/webhooks', body);
// DELETE /webhooks/{id} — undone by restoreWebhook.
export const deleteWebhook = (id: number) => api.del<Webhook>(`/webhooks/${id}`);
export const restoreWebhook = (id: number) => api.post<Webhook>(`/webhooks/${id}/restore`);

export const invalidateWebhooks = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: keys.all });
