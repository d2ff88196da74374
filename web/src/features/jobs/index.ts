// The jobs feature's public surface: following one job's progress (teams), and the /jobs
// screen in screens.ts.
export { JobProgress } from './components/job-progress.tsx';
