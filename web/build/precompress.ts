import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this a compressed copy saves less than its headers cost. */
const minimumBytes = 1024;

async function* filesUnder(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside each text file, each only where it is smaller. */
export async function precompressFolder(folder: string): Promise<number> {
  const jobs: Promise<number>[] = [];
  for await (const path of filesUnder(folder)) {
    if (!compressible.test(path) || (await stat(path)).size < minimumBytes) continue;
    jobs.push(
      (async () => {
        const original = await readFile(path);
        // Made once per build, so both at their smallest setting: the server only reads them.
        const [br, gz] = await Promise.all([
          brotli(original, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
            },
          }),
          gzipAsync(original, { level: 9 }),
        ]);
        let written = 0;
        for (const [suffix, bytes] of [
          ['.br', br],
          ['.gz', gz],
        ] as const) {
          if (bytes.length >= original.length) continue;
          await writeFile(path + suffix, bytes);
          written++;
        }
        return written;
      })(),
    );
  }
  const counts = await Promise.all(jobs);
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Vite plugin: after a production build, brotli and gzip copies of the client's text files. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const written = await precompressFolder(outDir);
      this.info(`${written} compressed copies (.br, .gz) written`);
    },
  };
}
