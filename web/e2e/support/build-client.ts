import { join } from 'node:path';
import { build } from 'vite';
import { paths } from './paths.ts';

/** Builds the client once for the run, as `npm run build -w web` would, into web/dist. */
export async function buildClient(): Promise<string> {
  // Vitest runs with NODE_ENV=test, which would give a development build of React.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(paths.web, 'vite.config.ts'),
      root: paths.web,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: paths.webDist, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = previous;
  }
  return paths.webDist;
}
