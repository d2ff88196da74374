import type { StudentAssessment } from '@lp/contract/assessments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /assessments?studentId={id}: the learner's self-assessments, newest first. */
export function getStudentAssessments(
  studentId: number,
  signal?: AbortSignal,
): Promise<StudentAssessment[]> {
  return api.get<StudentAssessment[]>('/assessments', { query: { studentId }, signal });
}

export const studentAssessmentsQuery = (studentId: number) =>
  queryOptions({
    queryKey: ['assessments', 'student', studentId],
    queryFn: ({ signal }) => getStudentAssessments(studentId, signal),
  });

export function useStudentAssessments(studentId: number | null) {
  return useQuery({ ...studentAssessmentsQuery(studentId ?? 0), enabled: studentId !== null });
}
