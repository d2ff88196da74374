// The learner search of the cohort overlay's Add Learner dialog.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface StudentMatch {
  id: number;
  name: string;
}

/** GET /students?lastname_like=: learners without a current cohort whose last name matches. */
export const studentsByLastNameQuery = (text: string) =>
  queryOptions({
    queryKey: ['students', 'lastname_like', text],
    queryFn: ({ signal }) =>
      api.get<StudentMatch[]>('/students', { query: { lastname_like: text }, signal }),
  });

export const useStudentsByLastName = (text: string) =>
  useQuery({ ...studentsByLastNameQuery(text), enabled: text.length >= 2 });
