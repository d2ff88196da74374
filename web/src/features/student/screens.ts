// The feature's screens for the route table, each loaded on first visit (its own chunk).
import { lazy } from 'react';

export const OverviewPage = lazy(() => import('./pages/overview-page.tsx'));
export const CapstonesPage = lazy(() => import('./pages/capstones-page.tsx'));
export const ClientRequirementsPage = lazy(() => import('./pages/requirements-page.tsx'));
export const ServerRequirementsPage = lazy(() => import('./pages/server-requirements-page.tsx'));
export const ProposalPage = lazy(() => import('./pages/proposal-page.tsx'));
export const SlackUpdatePage = lazy(() => import('./pages/slack-update-page.tsx'));
export const ReadmePage = lazy(() => import('./pages/readme-page.tsx'));
export const CoreSkillsPage = lazy(() => import('./pages/core-skills-page.tsx'));
