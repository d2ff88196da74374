import type { SignedInPerson } from '../../plugins/principal.ts';

/*
 * Who may see and retry jobs (the work done at GitHub and Slack off the request):
 * - list a cohort's jobs (GET /jobs?cohort=) and retry a job (POST /jobs/{id}/retry): staff
 *   (route access 'staff');
 * - read one job (GET /jobs/{id}): staff, and a learner only the job of their own
 *   self-assessment repository (the one their start answer named).
 */

export const mayReadJob = (
  caller: SignedInPerson,
  job: { kind: string; learner_id: number | null },
) => caller.isStaff || (job.kind === 'self-assessment' && job.learner_id === caller.id);
