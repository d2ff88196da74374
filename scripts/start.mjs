// `npm start`: builds the client and the server only when their sources changed since the last
// build, then runs the compiled server in this process (no TypeScript transpiling at start).
//
//   node scripts/start.mjs [--server-only] [--prepare-only] [server arguments, e.g. --demo]
//
// --server-only skips the client (an API-only deployment); --prepare-only builds what is out of
// date and exits. WEB_DIST and SERVER_DIST choose the output folders (web/dist, server/dist);
// SERVER_DIST must lie inside the repository, since the compiled server loads its packages from
// node_modules.
// Each build records a fingerprint of its sources in its folder (.sources-hash); a start whose
// sources match it reuses the build. Plain JavaScript: it must run before anything is compiled.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => join(repo, ...parts);
const stampName = '.sources-hash';
const ownFlags = new Set(['--server-only', '--prepare-only']);
const flags = new Set(process.argv.slice(2).filter((arg) => ownFlags.has(arg)));
// The server reads process.argv (e.g. --demo); it should not see this script's own flags.
process.argv = process.argv.filter((arg) => !ownFlags.has(arg));

/** Tests change no build: editing one rebuilds nothing. */
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** Every file under the given files and folders (node_modules, build output and tests left out). */
function filesOf(paths) {
  const files = [];
  const visit = (path) => {
    const entries = readdirSync(path, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || isTest(entry.name)) continue;
      const child = join(path, entry.name);
      if (entry.isDirectory()) visit(child);
      else files.push(child);
    }
  };
  for (const path of paths) {
    if (!existsSync(path)) continue;
    if (statSync(path).isDirectory()) visit(path);
    else files.push(path);
  }
  return files.sort();
}

/** A fingerprint of the files' names and contents. */
function fingerprint(paths) {
  const hash = createHash('sha256');
  for (const file of filesOf(paths)) {
    hash.update(relative(repo, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

const readStamp = (folder) => {
  try {
    return readFileSync(join(folder, stampName), 'utf8').trim();
  } catch {
    return null;
  }
};

/** Runs `build` unless `folder` holds a build of exactly these sources; says which it did. */
async function ensureBuilt(name, folder, sources, build) {
  const sourcesHash = fingerprint(sources);
  if (readStamp(folder) === sourcesHash) {
    console.log(`${name}: up to date (sources ${sourcesHash}), not rebuilt`);
    return;
  }
  console.log(`${name}: sources changed (${sourcesHash}), building into ${relative(repo, folder)}`);
  const started = Date.now();
  await build();
  writeFileSync(join(folder, stampName), `${sourcesHash}\n`);
  console.log(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const shared = [at('contract', 'src'), at('contract', 'package.json'), at('package-lock.json')];
const thisScript = fileURLToPath(import.meta.url);

async function buildClient(folder) {
  const vite = at('node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', folder, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: at('web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error('Building the client failed (see above)');
}

const bundledPackages = ['@lp', 'date-fns', '@date-fns/tz', 'typebox', 'kysely', 'ical-generator'];

async function buildServer(folder) {
  const esbuild = await import('esbuild');
  // What main.ts imports lazily (the app, while the database opens) is a chunk of its own; those
  // of an earlier build go.
  rmSync(join(folder, 'chunks'), { recursive: true, force: true });
  await esbuild.build({
    entryPoints: {
      main: at('server', 'src', 'main.ts'),
      'new-cluster': at('server', 'src', 'db', 'new-cluster.ts'),
    },
    outdir: folder,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Stack traces need only the mappings (the sources are beside it): a third of the map to read
    // when the server starts.
    sourcesContent: false,
    logLevel: 'warning',
    // The contract is TypeScript source and is bundled; so are the libraries of plain modules
    // whose hundreds of files Node would otherwise find and load one by one at every start. Other
    // packages load from node_modules (some read files of their own: PGlite its WebAssembly).
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
  await writeNewClusterDump(folder, join(folder, 'new-cluster.tar'));
}

/**
 * A new database with every migration run, dumped beside the server (server/src/db/new-cluster.ts,
 * as just built): a first start on a new data folder opens it instead of creating and migrating a
 * database (server/src/main.ts), which took most of that start. The dump follows the installed
 * PGlite, whose version is in the build's fingerprint (package-lock.json), and the migrations,
 * which are among the server's sources.
 */
async function writeNewClusterDump(folder, file) {
  const { migratedClusterDump } = await import(pathToFileURL(join(folder, 'new-cluster.js')).href);
  writeFileSync(file, await migratedClusterDump());
}

const webDist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : at('web', 'dist');
const serverDist = process.env.SERVER_DIST
  ? resolve(process.env.SERVER_DIST)
  : at('server', 'dist');

const withClient = !flags.has('--server-only') && process.env.WEB_DIST !== '';
try {
  if (withClient) {
    await ensureBuilt(
      'client',
      webDist,
      [
        at('web', 'src'),
        at('web', 'public'),
        at('web', 'build'),
        at('web', 'index.html'),
        at('web', 'vite.config.ts'),
        at('web', 'tsconfig.json'),
        at('web', 'package.json'),
        ...shared,
        thisScript,
      ],
      () => buildClient(webDist),
    );
  }
  await ensureBuilt(
    'server',
    serverDist,
    [at('server', 'src'), at('server', 'package.json'), ...shared, thisScript],
    () => buildServer(serverDist),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

if (!flags.has('--prepare-only')) {
  // The server serves the client built above: on its own it looks next to where it was compiled
  // to, which is not web/dist when SERVER_DIST moved it.
  if (withClient) process.env.WEB_DIST = webDist;
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(serverDist, 'main.js')).href);
}
