import type { StudentTag, Tag, TagList } from '@lp/contract/tags';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { invalidateLearners, learnerKeys } from './keys.ts';
import { sendUndoable } from './undo.ts';

// GET /tags — every tag (results), by name.
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
// DELETE /tags/{id} — removes the tag from every learner.
export const deleteTag = (id: number) => api.del(`/tags/${id}`);
// POST /studenttags {student, tag}
export const tagStudent = (student: number, tag: number) =>
  api.post<StudentTag>('/studenttags', { student, tag });
// DELETE /studenttags/{id} — the link id (the board's tags[].id); undoable from History.
export const untagStudent = (linkId: number) => sendUndoable('DELETE', `/studenttags/${linkId}`);

function useTagMutation<Vars, Result>(send: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: learnerKeys.tags }),
        invalidateLearners(queryClient),
      ]),
  });
}

export const useTagStudent = (studentId: number) =>
  useTagMutation((tagId: number) => tagStudent(studentId, tagId));

/** A new tag, put on the learner at once (the dialog's Enter). */
export const useCreateAndTag = (studentId: number) =>
  useTagMutation(async (name: string) => {
    const tag = await createTag(name);
    await tagStudent(studentId, tag.id);
    return tag;
  });

export const useDeleteTag = () => useTagMutation(deleteTag);

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
