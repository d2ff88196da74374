import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

// The bench server runs compiled, as `npm start` runs the app (scripts/start.mjs bundles the
// contract and the libraries of many small modules, other packages load from node_modules): so
// its memory and speed are the product's, without a TypeScript loader in the process.

const bundledPackages = ['@lp', 'date-fns', '@date-fns/tz', 'typebox', 'kysely', 'ical-generator'];

/** Bundles bench/server.ts; returns the file to run with node. */
export async function compileBenchServer(): Promise<string> {
  const outdir = fileURLToPath(new URL('./.data/dist/', import.meta.url));
  await esbuild.build({
    entryPoints: { server: fileURLToPath(new URL('./server.ts', import.meta.url)) },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            bundledPackages.some((name) => args.path === name || args.path.startsWith(`${name}/`))
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return `${outdir}server.js`;
}
