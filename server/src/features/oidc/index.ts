// What the rest of the server may use of this feature; its other files are private (biome.json).
export { oidcRoutes } from './oidc.routes.ts';
