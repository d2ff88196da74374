import type { QueryClient } from '@tanstack/react-query';

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
