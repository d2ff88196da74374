import type { CohortEvent, CreateEventBody, EventType } from '@lp/contract/events';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// The only reader of GET /events and /eventtypes: the calendar and the upcoming-events panel use
// these hooks, so adding or deleting an event refreshes both.

export const getEventTypes = (signal?: AbortSignal) =>
  api.get<EventType[]>('/eventtypes', { signal });

export const eventTypesQuery = queryOptions({
  queryKey: ['eventtypes'],
  queryFn: ({ signal }) => getEventTypes(signal),
  staleTime: 10 * 60_000,
});

export const useEventTypes = () => useQuery(eventTypesQuery);

export const getCohortEvents = (cohortId: number, signal?: AbortSignal) =>
  api.get<CohortEvent[]>('/events', { query: { cohort: cohortId }, signal });

export const cohortEventsQuery = (cohortId: number) =>
  queryOptions({
    queryKey: ['events', { cohort: cohortId }],
    queryFn: ({ signal }) => getCohortEvents(cohortId, signal),
    staleTime: 60_000,
  });

export const useCohortEvents = (cohortId: number) => useQuery(cohortEventsQuery(cohortId));

export const createEvent = (body: CreateEventBody) =>
  api.post<CohortEvent>('/events', body, { query: { cohort: body.cohort } });

export const deleteEvent = (eventId: number) => api.del(`/events/${eventId}`);

/** Creates one event per day; every request finishes before the calendar reloads. */
export function useCreateEvents(cohortId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bodies: CreateEventBody[]) => {
      const results = await Promise.allSettled(bodies.map(createEvent));
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
      return results.length;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['events', { cohort: cohortId }] }),
  });
}

/** Puts a deleted event back as it was (a new id, the same day, time, type and text). */
export function useRestoreEvent(cohortId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: CreateEventBody) => createEvent(event),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['events', { cohort: cohortId }] }),
  });
}

export function useDeleteEvent(cohortId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['events', { cohort: cohortId }] }),
  });
}
