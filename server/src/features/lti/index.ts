// What the rest of the server may use of this feature; its other files are private (biome.json).
export { ltiGradeStep } from './grade.step.ts';
export { queueGradeSends } from './grade-sends.ts';
export { ltiRoutes } from './lti.routes.ts';
export { ltiLaunchRoutes } from './lti-launch.routes.ts';
