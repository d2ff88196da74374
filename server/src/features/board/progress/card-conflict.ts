// If-Match on the board's mutations (contract/board.ts CardConflict): an instructor acting on a
// card that changed since their board was drawn is told who changed what, with the card as it is
// now, instead of overwriting the change. Without If-Match nothing is compared.
import type { CardConflict } from '@lp/contract/board';
import { HttpError } from '../../../lib/http-errors.ts';
import type { SignedInPerson } from '../../../plugins/principal.ts';
import { ifMatchVersion } from '../card-version.ts';
import * as repo from './progress.repository.ts';

type Db = Parameters<typeof repo.cardState>[0];

const SINCE = 'since you loaded the board.';

function conflictMessage(
  state: repo.CardState,
  change: Awaited<ReturnType<typeof repo.lastCardChange>>,
  caller: SignedInPerson,
): string {
  const who = change?.actor_id === caller.id ? 'You' : (change?.actor ?? 'Someone');
  const assessment = state.assessment_name
    ? `${state.learner}'s ${state.assessment_name} self-assessment`
    : `${state.learner}'s self-assessment`;
  switch (change?.action) {
    case 'move':
      return `${who} moved ${state.learner} to ${state.project_name ?? 'another project'} ${SINCE}`;
    case 'start_assessment':
      return `${who} started ${assessment} ${SINCE}`;
    case 'status':
      return `${who} set ${assessment} to ${state.status ?? 'another status'} ${SINCE}`;
  }
  const now = [state.project_name ?? 'no project'];
  if (state.status) now.push(`${state.assessment_name}: ${state.status}`);
  const what =
    change?.action === 'undo'
      ? `${who} undid a change to ${state.learner}`
      : `${state.learner}'s card changed`;
  return `${what} ${SINCE} Now: ${now.join(', ')}.`;
}

/**
 * 412 when the If-Match header names another version of the learner's card than the current
 * one. Called under the learner's lock, so the answer holds for the change that follows.
 */
export async function assertCardUnchanged(
  db: Db,
  caller: SignedInPerson,
  learnerId: number,
  ifMatch: string | undefined,
): Promise<void> {
  const expected = ifMatchVersion(ifMatch);
  if (expected === null) return;
  const state = await repo.cardState(db, learnerId);
  // An unknown learner is the change's own 404.
  if (!state || state.version === expected) return;
  const change = await repo.lastCardChange(db, learnerId);
  const current: CardConflict['current'] = {
    version: state.version,
    project_id: state.project_id,
    project_name: state.project_name,
    assessment_status_id: state.status_id ?? 0,
  };
  throw new HttpError(412, conflictMessage(state, change, caller), {}, { current });
}
