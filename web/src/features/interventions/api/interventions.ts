import type { Intervention, InterventionBody } from '@lp/contract/interventions';
import type { QueryClient } from '@tanstack/react-query';
import { sendUndoable } from '@/features/learners';

// POST /students/{id}/interventions {kind, note} (staff) — undoable. The cohort's health reads
// the latest intervention: the learner's flag rests after it.
export const reachOut = (learnerId: number, body: InterventionBody) =>
  sendUndoable<Intervention>('POST', `/students/${learnerId}/interventions`, body);

/** Every cohort's health (the board's markers, the health page) after an intervention or its undo. */
export const invalidateHealth = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['cohort-health'] });
