import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// Reads owned by other features' APIs, fetched here with this screen's own fetchers.

export interface CourseChoice {
  id: number;
  name: string;
  active: boolean;
}

/** GET /courses: the course badges of the new-cohort form (active courses). */
export const coursesQuery = queryOptions({
  queryKey: ['courses', 'active'],
  queryFn: ({ signal }) => api.get<CourseChoice[]>('/courses', { signal }),
  staleTime: 5 * 60_000,
});

export const useCourseChoices = () =>
  useQuery({ ...coursesQuery, select: (courses) => courses.filter((course) => course.active) });

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
