import type { Course } from '@lp/contract/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /courses?cohortId={id}&active=true: the course the cohort is taking now (or none). */
export async function getActiveCourse(
  cohortId: number,
  signal?: AbortSignal,
): Promise<Course | null> {
  const courses = await api.get<Course[]>('/courses', {
    query: { cohortId, active: true },
    signal,
  });
  return courses[0] ?? null;
}

export const activeCourseQuery = (cohortId: number) =>
  queryOptions({
    queryKey: ['courses', 'active-for-cohort', cohortId],
    queryFn: ({ signal }) => getActiveCourse(cohortId, signal),
    staleTime: 60_000,
  });

export function useActiveCourse(cohortId: number | null) {
  return useQuery({ ...activeCourseQuery(cohortId ?? 0), enabled: cohortId !== null });
}
