// The cohort the dashboard shows: the active cohort stored in this browser (spec §3), which the
// cohort strip also changes (and keeps across reloads).
import { STORAGE_KEYS } from '@lp/contract/constants';
import { useCallback, useSyncExternalStore } from 'react';
import { getActiveCohort } from '@/lib/session.ts';

const EVENT = 'lp_active_cohort_changed';

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.activeCohort) listener();
  };
  window.addEventListener(EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useActiveCohort(): [number | null, (cohortId: number) => void] {
  const cohortId = useSyncExternalStore(subscribe, getActiveCohort, getActiveCohort);
  const choose = useCallback((id: number) => {
    window.localStorage.setItem(STORAGE_KEYS.activeCohort, String(id));
    window.dispatchEvent(new Event(EVENT));
  }, []);
  return [cohortId, choose];
}
