// The cohorts feature's public surface: the cohort reads other screens share (one hook and one
// cache key per request). Its screens (/cohorts, /cohorts/new) are in screens.ts.
export {
  cohortListQuery,
  cohortQuery,
  useActiveCohorts,
  useCohort,
} from './api/cohorts-api.ts';
