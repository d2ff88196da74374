import type { BoardResponse } from '@lp/contract/board';
import { replaceEqualDeep } from '@tanstack/react-query';

/**
 * The board's structural sharing: each learner as the previous answer had them when nothing of
 * theirs changed, wherever the new answer puts them. The board comes sorted by book and project,
 * so a learner moved elsewhere shifts the learners between their old and new place; the query's
 * default sharing compares by position and would give each of those a new object, and so a card
 * that renders again (a whole board's worth for one move).
 */
export function shareLearnersById(
  previous: BoardResponse | undefined,
  next: BoardResponse,
): BoardResponse {
  if (!previous) return next;
  const before = new Map(previous.map((learner) => [learner.id, learner]));
  let unchanged = previous.length === next.length;
  const shared = next.map((learner, at) => {
    const kept = replaceEqualDeep(before.get(learner.id), learner);
    if (kept !== previous[at]) unchanged = false;
    return kept;
  });
  return unchanged ? previous : shared;
}
