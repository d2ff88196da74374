import type { Job, JobIntegrations } from '@lp/contract/jobs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { hasEnded } from '../model/progress.ts';

/** How often a job under way is asked for again. */
const FOLLOW_MS = 500;

export const getJob = (id: number, signal?: AbortSignal) => api.get<Job>(`/jobs/${id}`, { signal });

export const jobQueryKey = (id: number) => ['jobs', id] as const;

/** One job, asked for again every half second until it has ended. */
export const jobQuery = (id: number) =>
  queryOptions({
    queryKey: jobQueryKey(id),
    queryFn: ({ signal }) => getJob(id, signal),
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && hasEnded(job) ? false : FOLLOW_MS;
    },
  });

export const useJob = (id: number) => useQuery(jobQuery(id));

/** Whether Slack and GitHub are configured on this server (they do not change while it runs). */
export const useJobIntegrations = () =>
  useQuery({
    queryKey: ['jobs', 'integrations'],
    queryFn: ({ signal }) => api.get<JobIntegrations>('/jobs/integrations', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const getCohortJobs = (cohortId: number, signal?: AbortSignal) =>
  api.get<Job[]>('/jobs', { query: { cohort: cohortId }, signal });

/** A cohort's latest jobs, followed while one of them is under way. */
export const cohortJobsQuery = (cohortId: number) =>
  queryOptions({
    queryKey: ['jobs', { cohort: cohortId }],
    queryFn: ({ signal }) => getCohortJobs(cohortId, signal),
    refetchInterval: (query) => ((query.state.data ?? []).every(hasEnded) ? false : FOLLOW_MS * 4),
  });

export const useCohortJobs = (cohortId: number) => useQuery(cohortJobsQuery(cohortId));

/** Tries a failed step again (or all of a job's failed steps without `step`). */
export const retryJob = ({ id, step }: { id: number; step?: number }) =>
  api.post<Job>(`/jobs/${id}/retry`, step === undefined ? {} : { step });

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: (job) => queryClient.setQueryData(jobQueryKey(job.id), job),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
