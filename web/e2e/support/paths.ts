import { fileURLToPath } from 'node:url';

/** Folders of the repository, resolved from this file (never absolute). */
export const paths = {
  web: fileURLToPath(new URL('../..', import.meta.url)),
  webDist: fileURLToPath(new URL('../../dist', import.meta.url)),
  server: fileURLToPath(new URL('../../../server', import.meta.url)),
  serverMain: fileURLToPath(new URL('../../../server/src/main.ts', import.meta.url)),
};
