import type { CreateNoteBody, Note, NoteTypeList } from '@lp/contract/notes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { invalidateLearners, learnerKeys } from './keys.ts';
import { sendUndoable } from './undo.ts';

// GET /notetypes — the note types (results).
export const getNoteTypes = (signal?: AbortSignal) =>
  api.get<NoteTypeList>('/notetypes', { signal });
export const useNoteTypes = () =>
  useQuery({
    queryKey: learnerKeys.noteTypes,
    queryFn: ({ signal }) => getNoteTypes(signal),
    select: (list) => list.results,
    staleTime: Number.POSITIVE_INFINITY,
  });

// GET /notes?studentId= — newest first.
export const getNotes = (studentId: number, signal?: AbortSignal) =>
  api.get<Note[]>('/notes', { query: { studentId }, signal });
export const useNotes = (studentId: number, enabled = true) =>
  useQuery({
    queryKey: learnerKeys.notes(studentId),
    queryFn: ({ signal }) => getNotes(studentId, signal),
    enabled,
  });

// POST /notes {note, studentId, type} — undoable from the toast and the learner's History.
export const addNote = (body: CreateNoteBody) => sendUndoable<Note>('POST', '/notes', body);
export function useAddNote(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { note: string; type: number }) => addNote({ ...vars, studentId }),
    // The notes, and the learner's history that now lists the note's adding.
    onSuccess: () => invalidateLearners(queryClient),
  });
}

// DELETE /notes/{id} — undoable from the toast and the learner's History.
export const deleteNote = (id: number) => sendUndoable('DELETE', `/notes/${id}`);
export function useDeleteNote(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: learnerKeys.notes(studentId) }),
        invalidateLearners(queryClient),
      ]),
  });
}
