import type { StudentDetail } from '@lp/contract/learners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { learnerKeys } from './keys.ts';

// GET /students/{id} — the learner's record (name, score, GitHub handle, cohort, skills).
export const getStudent = (id: number, signal?: AbortSignal) =>
  api.get<StudentDetail>(`/students/${id}`, { signal });

/** The learner's record; the board prefetches it when a card is pointed at or focused. */
export const studentQuery = (id: number) =>
  queryOptions({
    queryKey: learnerKeys.detail(id),
    queryFn: ({ signal }) => getStudent(id, signal),
  });

export const useStudent = (id: number, enabled = true) =>
  useQuery({ ...studentQuery(id), enabled });
