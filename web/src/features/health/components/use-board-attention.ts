// The board's view of the cohort's health: one store per board, fed by the health read, which is
// read again whenever the board's own data changes (a move, a review, a live change by someone
// else). A failed read leaves the board as it is: no markers, no message.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { cohortHealthKey, cohortHealthQuery } from '../api/cohort-health-api.ts';
import { AttentionStore } from '../model/attention.ts';

export function useBoardAttention(cohortId: number | null, boardData: unknown): AttentionStore {
  const [store] = useState(() => new AttentionStore());
  const queryClient = useQueryClient();
  const health = useQuery({
    ...cohortHealthQuery(cohortId ?? 0),
    enabled: cohortId !== null,
    retry: false,
  });
  useEffect(() => {
    if (health.data) store.update(health.data.learners);
  }, [health.data, store]);

  const seen = useRef(boardData);
  useEffect(() => {
    if (seen.current === boardData || cohortId === null) return;
    seen.current = boardData;
    void queryClient.invalidateQueries({ queryKey: cohortHealthKey(cohortId), exact: true });
  }, [boardData, cohortId, queryClient]);
  return store;
}

export const AttentionContext = createContext<AttentionStore | null>(null);

const noSubscription = () => () => {};
const nothing = () => null;

/** The reasons this learner needs attention, or null (always null on a board without health). */
export function useAttentionReasons(learnerId: number): readonly string[] | null {
  const store = useContext(AttentionContext);
  const read = store ? () => store.reasonsOf(learnerId) : nothing;
  return useSyncExternalStore(store?.subscribe ?? noSubscription, read, read);
}

/** The flagged learners' ids; null without a store or until health figures have arrived. */
export function useFlaggedLearners(store: AttentionStore | null): ReadonlySet<number> | null {
  const read = () => (store?.isLoaded() ? store.flagged() : null);
  return useSyncExternalStore(store?.subscribe ?? noSubscription, read, read);
}
