import type { CoreSkillList, CoreSkillRecord } from '@lp/contract/core-skills';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { INITIAL_CORE_SKILL_NOTE } from '../model/texts.ts';
import { learnerKeys } from './keys.ts';
import { sendUndoable } from './undo.ts';

// GET /coreskillrecords?studentId= — ordered by skill label.
export const getCoreSkillRecords = (studentId: number, signal?: AbortSignal) =>
  api.get<CoreSkillRecord[]>('/coreskillrecords', { query: { studentId }, signal });
export const useCoreSkillRecords = (studentId: number, enabled = true) =>
  useQuery({
    queryKey: learnerKeys.coreSkills(studentId),
    queryFn: ({ signal }) => getCoreSkillRecords(studentId, signal),
    enabled,
  });

// GET /coreskills (results)
export const getCoreSkills = () => api.get<CoreSkillList>('/coreskills');

/**
 * 'Start Tracking Core Skills': one record per skill at level 1 with the note 'Initial record'.
 * Returns the history entries that undo them.
 */
export async function startTracking(studentId: number) {
  const skills = await getCoreSkills();
  const started = await Promise.all(
    skills.results.map((skill) =>
      sendUndoable('POST', '/coreskillrecords', {
        student: studentId,
        skill: skill.id,
        level: 1,
        note: INITIAL_CORE_SKILL_NOTE,
      }),
    ),
  );
  return started.flatMap((record) => (record.historyId === null ? [] : [record.historyId]));
}

export function useStartTracking(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startTracking(studentId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: learnerKeys.coreSkills(studentId) }),
        queryClient.invalidateQueries({ queryKey: learnerKeys.detail(studentId) }),
      ]),
  });
}

// PUT /coreskillrecords/{id} {student_id, skill_id, level} — undoable from the learner's History.
export const setLevel = (record: CoreSkillRecord, level: number) =>
  sendUndoable('PUT', `/coreskillrecords/${record.id}`, {
    student_id: record.student,
    skill_id: record.skill.id,
    level,
  });

export function useSetLevel(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ record, level }: { record: CoreSkillRecord; level: number }) =>
      setLevel(record, level),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: learnerKeys.coreSkills(studentId) }),
        queryClient.invalidateQueries({ queryKey: learnerKeys.detail(studentId) }),
      ]),
  });
}
