import type { CreateProjectBody, Project, UpdateProjectBody } from '@lp/contract/projects';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { forgetDeleted, invalidateCatalogue } from './invalidate.ts';

/** A project as read with expand=book&expand=course. */
export type ExpandedProject = Project & {
  book: { id: number; name: string };
  course: { id: number; name: string };
};

const expand = ['book', 'course'];

// GET /projects?bookId={id}&expand=book&expand=course
export const getBookProjects = (bookId: number, signal?: AbortSignal) =>
  api.get<ExpandedProject[]>('/projects', { query: { bookId, expand }, signal });
export const bookProjectsQuery = (bookId: number) =>
  queryOptions({
    queryKey: ['projects', 'book', bookId],
    queryFn: ({ signal }) => getBookProjects(bookId, signal),
  });
export const useBookProjects = (bookId: number) => useQuery(bookProjectsQuery(bookId));

// GET /projects/{id}?expand=book&expand=course
export const getProject = (id: number, signal?: AbortSignal) =>
  api.get<ExpandedProject>(`/projects/${id}`, { query: { expand }, signal });
export const projectQuery = (id: number) =>
  queryOptions({ queryKey: ['projects', id], queryFn: ({ signal }) => getProject(id, signal) });
export const useProject = (id: number, enabled = true) =>
  useQuery({ ...projectQuery(id), enabled });

// POST /projects
export const createProject = (body: CreateProjectBody) => api.post<Project>('/projects', body);
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

// PUT /projects/{id} — only the fields sent change.
export const updateProject = ({ id, ...body }: UpdateProjectBody & { id: number }) =>
  api.put<void>(`/projects/${id}`, body);
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}

// DELETE /projects/{id}
export const deleteProject = (id: number) => api.del(`/projects/${id}`);
// POST /projects/{id}/restore — the deletion's undo: the project as it was, with its id.
export const restoreProject = (id: number) => api.post<Project>(`/projects/${id}/restore`);
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_data, id) => forgetDeleted(queryClient, ['projects', id]),
  });
}
