import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Every cached catalogue read: lists embed each other's names and counts. */
const CATALOGUE_KEYS = [
  'courses',
  'books',
  'projects',
  'assessments',
  'bookassessments',
  'weights',
];

/** After any catalogue change: re-read what is on screen, refresh the rest when next shown. */
export function invalidateCatalogue(queryClient: QueryClient) {
  return Promise.all(
    CATALOGUE_KEYS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  );
}

/**
 * After deleting the object read under `key`: stop any read of it in flight and forget it (a
 * re-read would answer 404), then refresh the rest. The page that showed it must not read it again
 * while it navigates away: it passes `enabled: false` once its deletion succeeded.
 */
export async function forgetDeleted(queryClient: QueryClient, key: QueryKey) {
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  queryClient.removeQueries({ queryKey: key, exact: true });
  return invalidateCatalogue(queryClient);
}
