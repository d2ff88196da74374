// The health feature's public surface: the cohort's health read (and reading it again), the
// board's attention markers and filter. The health page (/cohorts/:cohortId/health) is in screens.ts.
export { cohortHealthQuery, invalidateCohortHealth } from './api/cohort-health-api.ts';
export { AttentionMarker } from './components/attention-marker.tsx';
export { NeedsAttentionFilter } from './components/needs-attention-filter.tsx';
export {
  AttentionContext,
  useAttentionReasons,
  useBoardAttention,
  useFlaggedLearners,
} from './components/use-board-attention.ts';
export { AttentionStore } from './model/attention.ts';
