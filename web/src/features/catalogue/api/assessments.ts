import type {
  BookAssessment,
  CreateAssessmentBody,
  UpdateBookAssessmentBody,
} from '@lp/contract/assessments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { invalidateCatalogue } from './invalidate.ts';

// GET /assessments — every book's self-assessment.
export const getAssessments = (signal?: AbortSignal) =>
  api.get<BookAssessment[]>('/assessments', { signal });
export const assessmentsQuery = () =>
  queryOptions({
    queryKey: ['assessments', 'definitions'],
    queryFn: ({ signal }) => getAssessments(signal),
  });
export const useAssessments = () => useQuery(assessmentsQuery());

// GET /bookassessments/{id}
export const getBookAssessment = (id: number, signal?: AbortSignal) =>
  api.get<BookAssessment>(`/bookassessments/${id}`, { signal });
export const bookAssessmentQuery = (id: number) =>
  queryOptions({
    queryKey: ['bookassessments', id],
    queryFn: ({ signal }) => getBookAssessment(id, signal),
  });
export const useBookAssessment = (id: number, enabled = true) =>
  useQuery({ ...bookAssessmentQuery(id), enabled });

// POST /assessments {name, sourceURL, bookId, objectives}
export const createAssessment = (
  body: Required<Omit<CreateAssessmentBody, 'studentId' | 'assessmentId'>>,
) => api.post<BookAssessment>('/assessments', body);
export function useCreateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssessment,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

// PUT /bookassessments/{id}
export const updateBookAssessment = ({ id, ...body }: UpdateBookAssessmentBody & { id: number }) =>
  api.put<void>(`/bookassessments/${id}`, body);
export function useUpdateBookAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookAssessment,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

// DELETE /assessments/{id} — the book's self-assessment.
export const deleteAssessment = (id: number) => api.del(`/assessments/${id}`);
// POST /assessments/{id}/restore — the deletion's undo: the same id, objectives, LMS grade columns.
export const restoreAssessment = (id: number) =>
  api.post<BookAssessment>(`/assessments/${id}/restore`);
export function useDeleteAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssessment,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: ['bookassessments', id] });
      return invalidateCatalogue(queryClient);
    },
  });
}
