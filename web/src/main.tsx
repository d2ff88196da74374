import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app.tsx';
import { startFirstScreen } from '@/app/first-screen.ts';
import { createQueryClient } from '@/app/query-client.ts';
import { startSessionSharing } from '@/lib/session-sharing.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Before the first render: a tab opened without a session asks the other tabs for theirs.
startSessionSharing();
const queryClient = createQueryClient();
const firstScreen = startFirstScreen(queryClient, window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} firstScreen={firstScreen} />
  </StrictMode>,
);
