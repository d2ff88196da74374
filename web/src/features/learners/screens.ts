// The feature's screens for the route table, each loaded on first visit (its own chunk).
import { lazy } from 'react';

export const LearnerPage = lazy(() => import('./pages/learner-page.tsx'));
export const FeedbackPage = lazy(() => import('./pages/feedback-page.tsx'));
export const TagsPage = lazy(() => import('./pages/tags-page.tsx'));
