// The feature's screens for the route table, each loaded on first visit (its own chunk).
import { lazy } from 'react';

export const WebhooksPage = lazy(() => import('./webhooks-page.tsx'));
