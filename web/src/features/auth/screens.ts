// The feature's screens for the route table, each loaded on first visit (its own chunk).
import { lazy } from 'react';

export const LoginPage = lazy(() => import('./login-page.tsx'));
export const GithubCallbackPage = lazy(() => import('./github-callback-page.tsx'));
export const SetPasswordPage = lazy(() => import('./set-password-page.tsx'));
export const JoinPage = lazy(() => import('./join-page.tsx'));
