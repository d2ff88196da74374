// The feature's screens for the route table, each loaded on first visit (its own chunk).
import { lazy } from 'react';

export const LmsPage = lazy(() => import('./lms-page.tsx'));
