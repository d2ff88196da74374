import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The contract's modules build the API's schemas when they load. The browser takes only types
// from them, and its run-time values from the two modules that build none: building the schemas
// cost every page load a share of its start, and the schema library a share of its bytes.
const VALUE_MODULES = new Set(['constants', 'guards']);
// Vitest runs in the web folder (its config's root).
const source = join(process.cwd(), 'src');

function* sourceFiles(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

/** `import … from '@lp/contract/<module>'` statements that bring a value, not only types. */
function valueImports(text: string): string[] {
  const found: string[] = [];
  const statement = /import\s+(type\s+)?([^;]*?)\s+from\s+'@lp\/contract\/([\w-]+)'/g;
  for (const [, typeOnly, names = '', module = ''] of text.matchAll(statement)) {
    if (typeOnly || VALUE_MODULES.has(module)) continue;
    const specifiers = names
      .replace(/[{}]/g, '')
      .split(',')
      .map((name) => name.trim());
    if (specifiers.some((name) => name !== '' && !name.startsWith('type '))) found.push(module);
  }
  return found;
}

describe('contract imports of the web app', () => {
  it('take values only from the modules without schemas', () => {
    const offending = [...sourceFiles(source)].flatMap((file) =>
      valueImports(readFileSync(file, 'utf8')).map((module) => `${file}: @lp/contract/${module}`),
    );
    expect(offending).toEqual([]);
  });

  it('notices a value taken from a module with schemas', () => {
    expect(valueImports("import { isStaffProfile } from '@lp/contract/profile';")).toEqual([
      'profile',
    ]);
    expect(
      valueImports("import { type Profile, isStaffProfile } from '@lp/contract/profile';"),
    ).toEqual(['profile']);
    expect(valueImports("import type { Profile } from '@lp/contract/profile';")).toEqual([]);
    expect(valueImports("import { type Profile } from '@lp/contract/profile';")).toEqual([]);
  });
});
