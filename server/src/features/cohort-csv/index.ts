// What the rest of the server may use of this feature; its other files are private (biome.json).
export { cohortCsvRoutes } from './cohort-csv.routes.ts';
export { applyRoster, type RosterDecision, rosterAnswer } from './roster-apply.ts';
