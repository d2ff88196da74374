// The app's own source files, for tests that check a rule over all of them.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** web/src. */
export const sourceFolder = join(process.cwd(), 'src');

/** The files under `folder` (web/src by default) whose names match `pattern`, tests left out. */
export function* sourceFiles(pattern: RegExp, folder = sourceFolder): Generator<string> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(pattern, path);
    else if (pattern.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}
