import type { CohortSummary } from '@lp/contract/cohorts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { learnerKeys } from './keys.ts';

// GET /cohorts?active=true — the cohorts a learner can be transferred to (cohorts feature's route).
export const getActiveCohorts = (signal?: AbortSignal) =>
  api.get<CohortSummary[]>('/cohorts', { query: { active: true }, signal });

export const useActiveCohorts = (enabled = true) =>
  useQuery({
    queryKey: learnerKeys.activeCohorts,
    queryFn: ({ signal }) => getActiveCohorts(signal),
    select: (list) => list.map(({ id, name }) => ({ id, name })),
    enabled,
  });
