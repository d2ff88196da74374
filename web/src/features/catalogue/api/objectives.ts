import type { CreateObjectiveBody, Objective, UpdateObjectiveBody } from '@lp/contract/objectives';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { invalidateCatalogue } from './invalidate.ts';

// GET /weights — learning objectives by tier.
export const getObjectives = (signal?: AbortSignal) => api.get<Objective[]>('/weights', { signal });
export const objectivesQuery = () =>
  queryOptions({ queryKey: ['weights', 'all'], queryFn: ({ signal }) => getObjectives(signal) });
export const useObjectives = () => useQuery(objectivesQuery());

// POST /weights
export const createObjective = (body: CreateObjectiveBody) => api.post<Objective>('/weights', body);
export function useCreateObjective() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createObjective,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

// PUT /weights/{id} — rename or re-weight.
export const updateObjective = ({ id, ...body }: UpdateObjectiveBody & { id: number }) =>
  api.put<Objective>(`/weights/${id}`, body);
export function useUpdateObjective() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateObjective,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

// DELETE /weights/{id}
export const deleteObjective = (id: number) => api.del(`/weights/${id}`);
// POST /weights/{id}/restore — the deletion's undo, in the self-assessments that listed it.
export const restoreObjective = (id: number) => api.post<Objective>(`/weights/${id}/restore`);
export function useDeleteObjective() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteObjective,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}
