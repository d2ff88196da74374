import type { Course, CourseStats, CreateCourseBody, UpdateCourseBody } from '@lp/contract/courses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { invalidateCatalogue } from './invalidate.ts';

// GET /courses?all=true — every course, active and inactive (the course list screen).
export const getAllCourses = (signal?: AbortSignal) =>
  api.get<Course[]>('/courses', { query: { all: true }, signal });
export const allCoursesQuery = () =>
  queryOptions({
    queryKey: ['courses', 'all'],
    queryFn: ({ signal }) => getAllCourses(signal),
  });
export const useAllCourses = () => useQuery(allCoursesQuery());

const onlyActive = (courses: Course[]) => courses.filter((course) => course.active);
/** The active courses (the new-cohort form's choices), from the same request and cache. */
export const useActiveCourses = () => useQuery({ ...allCoursesQuery(), select: onlyActive });

// GET /courses/{id}
export const getCourse = (id: number, signal?: AbortSignal) =>
  api.get<Course>(`/courses/${id}`, { signal });
export const courseQuery = (id: number) =>
  queryOptions({ queryKey: ['courses', id], queryFn: ({ signal }) => getCourse(id, signal) });
export const useCourse = (id: number, enabled = true) => useQuery({ ...courseQuery(id), enabled });

// GET /courses/{id}/stats
export const getCourseStats = (id: number, signal?: AbortSignal) =>
  api.get<CourseStats>(`/courses/${id}/stats`, { signal });
export const courseStatsQuery = (id: number) =>
  queryOptions({
    queryKey: ['courses', id, 'stats'],
    queryFn: ({ signal }) => getCourseStats(id, signal),
  });
export const useCourseStats = (id: number) => useQuery(courseStatsQuery(id));

// POST /courses
export const createCourse = (body: CreateCourseBody) => api.post<Course>('/courses', body);
export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

// PUT /courses/{id}
export const updateCourse = ({ id, ...body }: UpdateCourseBody & { id: number }) =>
  api.put<void>(`/courses/${id}`, body);
export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

// DELETE /courses/{id} — deactivates the course.
export const deactivateCourse = (id: number) => api.del(`/courses/${id}`);
export function useDeactivateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateCourse,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}
