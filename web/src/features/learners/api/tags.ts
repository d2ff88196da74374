import type { StudentTag, Tag, TagList, TagRestored } from '@lp/contract/tags';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { invalidateLearners, learnerKeys } from './keys.ts';
import { sendUndoable } from './undo.ts';

// GET /tags — every tag (results), by name, with how many learners wear it.
export const getTags = (signal?: AbortSignal) => api.get<TagList>('/tags', { signal });
export const useTags = (enabled = true) =>
  useQuery({
    queryKey: learnerKeys.tags,
    queryFn: ({ signal }) => getTags(signal),
    select: (list) => list.results,
    enabled,
  });

// POST /tags {name}
export const createTag = (name: string) => api.post<Tag>('/tags', { name });
// DELETE /tags/{id} — removes the tag from every learner; undone by restoreTag.
export const deleteTag = (id: number) => api.del(`/tags/${id}`);
// POST /tags/{id}/restore — the deleted tag back on every learner who wore it.
export const restoreTag = (id: number) => api.post<TagRestored>(`/tags/${id}/restore`);
// POST /studenttags {student, tag} — undoable from the toast and the learner's History.
const tagStudent = (student: number, tag: number) =>
  sendUndoable<StudentTag>('POST', '/studenttags', { student, tag });
// DELETE /studenttags/{id} — the link id (the board's tags[].id); undoable from History.
export const untagStudent = (linkId: number) => sendUndoable('DELETE', `/studenttags/${linkId}`);

/** After a change to tags: the tag list, and every learner's chips. */
export const invalidateTags = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: learnerKeys.tags }),
    invalidateLearners(queryClient),
  ]);

function useTagMutation<Vars, Result>(send: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => invalidateTags(queryClient) });
}

export const useTagStudent = (studentId: number) =>
  useTagMutation((tagId: number) => tagStudent(studentId, tagId));

/** A new tag, put on the learner at once (the combobox's 'Create tag …'). */
export const useCreateAndTag = (studentId: number) =>
  useTagMutation(async (name: string) => {
    const tag = await createTag(name);
    const { historyId } = await tagStudent(studentId, tag.id);
    return { tag, historyId };
  });

// GET /studenttags?studentId= — the learner's tag links.
export const getStudentTags = (studentId: number, signal?: AbortSignal) =>
  api.get<{ results: StudentTag[] }>('/studenttags', { query: { studentId }, signal });
export const useStudentTags = (studentId: number, enabled = true) =>
  useQuery({
    queryKey: learnerKeys.studentTags(studentId),
    queryFn: ({ signal }) => getStudentTags(studentId, signal),
    select: (list) => list.results,
    enabled,
  });
