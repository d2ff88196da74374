// What the rest of the server may use of this feature; its other files are private (biome.json).
export { recordsRoutes } from './records.routes.ts';
