// What the rest of the server may use of this feature; its other files are private (biome.json).
export { invitationsRoutes } from './invitations.routes.ts';
export { learnerAccountsRoutes } from './learner-accounts.routes.ts';
export { usersRoutes } from './users.routes.ts';
