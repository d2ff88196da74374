// What the rest of the server may use of this feature; its other files are private (biome.json).
export { authRoutes } from './auth.routes.ts';
export { issueSignInCode } from './auth.service.ts';
export { organisationInvitationStep } from './auth.steps.ts';
