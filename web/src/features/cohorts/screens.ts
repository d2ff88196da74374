// The feature's screens for the route table, each loaded on first visit (its own chunk).
import { lazy } from 'react';

export const CohortListPage = lazy(() => import('./cohort-list-page.tsx'));
export const NewCohortPage = lazy(() => import('./new-cohort-page.tsx'));
