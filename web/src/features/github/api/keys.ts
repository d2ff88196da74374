// Under ['students'] like every learner query, so that the learners feature's invalidation after an
// undo (and the live board's) reads a learner's repositories and activity again too.
export const githubKeys = {
  repositories: (learnerId: number) => ['students', 'repositories', learnerId] as const,
  activity: (learnerId: number) => ['students', 'activity', learnerId] as const,
};
