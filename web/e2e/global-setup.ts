import type { TestProject } from 'vitest/node';
import { prepareBuilds } from './support/builds.ts';
import { paths } from './support/paths.ts';
import { E2E_WORKERS } from './support/servers.ts';
import { startServer } from './support/start-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, e.g. http://127.0.0.1:43123 (support/servers.ts picks a file's). */
    baseUrls: string[];
    /** The built client, for a test file that starts its own server (support/start-server.ts). */
    webDist: string;
  }
}

export default async function setup(project: TestProject) {
  await prepareBuilds();
  const webDist = paths.webDist;
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, () => startServer({ webDist })),
  );
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  project.provide('webDist', webDist);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
