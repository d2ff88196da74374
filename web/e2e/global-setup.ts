import type { TestProject } from 'vitest/node';
import { buildClient } from './support/build-client.ts';
import { startServer } from './support/start-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:43123 — the built client at '/', the API under '/api'. */
    baseUrl: string;
    /** The built client, for a test file that starts its own server (support/start-server.ts). */
    webDist: string;
  }
}

export default async function setup(project: TestProject) {
  const webDist = await buildClient();
  const server = await startServer({ webDist });
  project.provide('baseUrl', server.url);
  project.provide('webDist', webDist);
  return async () => {
    await server.stop();
  };
}
