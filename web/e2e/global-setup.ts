import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './support/browser.ts';
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
    /** The run's Chromium, for playwright-core's chromium.connect (support/browser.ts). */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  await prepareBuilds();
  const webDist = paths.webDist;
  const [browser, servers] = await Promise.all([
    launchBrowserServer(),
    Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer({ webDist }))),
  ]);
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  project.provide('webDist', webDist);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await Promise.all([browser.close(), ...servers.map((server) => server.stop())]);
  };
}
