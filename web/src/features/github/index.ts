// The github feature's public surface: a learner's linked repositories and GitHub activity.
// RepositoriesSection and ActivitySection are the learner overlay's (staff); RepositoriesSection
// takes `onUndoable` so that the learners feature offers the Undo from its own history without this
// feature importing it back. YourRepositories is the learner's own dashboard card body.
// Every change made here invalidates queries under ['students'] (the board's key included).

export { ActivitySection } from './components/activity-section.tsx';
export { RepositoriesSection } from './components/repositories-section.tsx';
export { YourRepositories } from './components/your-repositories.tsx';
