// What the rest of the server may use of this feature; its other files are private (biome.json).
export { cohortHealthRoutes } from './cohort-health.routes.ts';
export { cohortHealth } from './cohort-health.service.ts';
export { cohortProgressRoutes } from './cohort-progress.routes.ts';
export { digestRoutes } from './digest.routes.ts';
export { DigestSchedule } from './digest.schedule.ts';
export { cohortDigestStep } from './digest.steps.ts';
export { FlagWatch } from './flag-rises.ts';
