// The cohort the dashboard shows: the active cohort stored in this browser (spec §3), which the
// cohort strip also changes (and keeps across reloads).
import { STORAGE_KEYS } from '@lp/contract/constants';
import { useSyncExternalStore } from 'react';
import { ACTIVE_COHORT_EVENT, chooseActiveCohort, getActiveCohort } from '@/lib/session.ts';

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.activeCohort) listener();
  };
  window.addEventListener(ACTIVE_COHORT_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(ACTIVE_COHORT_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useActiveCohort(): [number | null, (cohortId: number) => void] {
  const cohortId = useSyncExternalStore(subscribe, getActiveCohort, getActiveCohort);
  return [cohortId, chooseActiveCohort];
}
