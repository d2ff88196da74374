import { fileURLToPath } from 'node:url';

/** Folders of the repository, resolved from this file (never absolute). */
export const paths = {
  web: fileURLToPath(new URL('../..', import.meta.url)),
  webDist: fileURLToPath(new URL('../../dist', import.meta.url)),
  server: fileURLToPath(new URL('../../../server', import.meta.url)),
  /** The compiled server (support/builds.ts). */
  serverMain: fileURLToPath(new URL('../../../server/dist/main.js', import.meta.url)),
  startScript: fileURLToPath(new URL('../../../scripts/start.mjs', import.meta.url)),
};
