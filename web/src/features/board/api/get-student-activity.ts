import type { ActivityPage } from '@lp/contract/github';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /students/{id}/activity?page=N: the learner's GitHub activity, newest first. */
export function getStudentActivity(
  studentId: number,
  page: number,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  return api.get<ActivityPage>(`/students/${studentId}/activity`, { query: { page }, signal });
}

/**
 * Under ['students'] like every learner read; every page of a learner's activity under one key, so
 * the live board refreshes them all when GitHub reports new work.
 */
export const studentActivityKey = (studentId: number) =>
  ['students', 'activity', studentId] as const;

export const studentActivityQuery = (studentId: number, page = 1) =>
  queryOptions({
    queryKey: [...studentActivityKey(studentId), page],
    queryFn: ({ signal }) => getStudentActivity(studentId, page, signal),
  });

export function useStudentActivity(studentId: number | null, page = 1) {
  return useQuery({ ...studentActivityQuery(studentId ?? 0, page), enabled: studentId !== null });
}
