// What the rest of the server may use of this feature; its other files are private (biome.json).
export { teamRepositoryStep, teamTicketsStep } from './teams.github.ts';
export { teamsRoutes } from './teams.routes.ts';
export { announceRepositoryStep, archiveChannelStep, teamChannelStep } from './teams.slack.ts';
