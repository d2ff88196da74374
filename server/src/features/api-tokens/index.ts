// What the rest of the server may use of this feature; its other files are private (biome.json).
export { apiTokensRoutes } from './api-tokens.routes.ts';
