import type { QueryClient } from '@tanstack/react-query';

// Query keys of learner records. Everything about learners lives under ['students'], so the
// board (['students', 'board', cohortId]) refreshes with any change made here.
export const learnerKeys = {
  all: ['students'] as const,
  detail: (id: number) => ['students', 'detail', id] as const,
  history: (id: number) => ['students', 'history', id] as const,
  notes: (id: number) => ['students', 'notes', id] as const,
  records: (id: number) => ['students', 'records', id] as const,
  coreSkills: (id: number) => ['students', 'coreskillrecords', id] as const,
  studentTags: (id: number) => ['students', 'studenttags', id] as const,
  /** Under ['weights'] too, so catalogue changes to objectives refresh it. */
  remaining: (id: number) => ['weights', 'remaining', id] as const,
  noteTypes: ['notetypes'] as const,
  skills: ['coreskills'] as const,
  tags: ['tags'] as const,
};

/** After a change to a learner: the board, their record and every list about learners. */
export function invalidateLearners(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: learnerKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['weights', 'remaining'] }),
    queryClient.invalidateQueries({ queryKey: ['cohorts'] }),
  ]);
}

/**
 * After a change to this learner made elsewhere (the live board heard it, maybe from another tab):
 * their record and its lists, so an open overlay shows it; closed ones are read when next shown.
 */
export function invalidateLearner(queryClient: QueryClient, id: number) {
  const keys = [
    learnerKeys.detail(id),
    learnerKeys.history(id),
    learnerKeys.notes(id),
    learnerKeys.records(id),
    learnerKeys.coreSkills(id),
    learnerKeys.studentTags(id),
    learnerKeys.remaining(id),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * After changes that may have been missed (the live board's `resync`): whatever is on screen
 * about learners, the board and an open learner record included, is read again.
 */
export const invalidateLearnersOnScreen = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: learnerKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['weights', 'remaining'] }),
  ]);
