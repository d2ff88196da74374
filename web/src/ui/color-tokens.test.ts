import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// Radix Themes' colour scales are token files of their own. The first page's stylesheet
// (app/theme.css) brings a few; a feature using another `color` brings its token file in a
// stylesheet of its own folder. A missing one leaves the component without colour, focus ring
// or contrast (Reset on the Teams page once showed neither), which no type check sees.
const source = join(process.cwd(), 'src');
// `gray` is the theme's own gray (slate), always there.
const scales = new Set(
  readdirSync(join(process.cwd(), '..', 'node_modules/@radix-ui/themes/tokens/colors'))
    .map((name) => name.replace(/\.css$/, ''))
    .filter((scale) => scale !== 'gray'),
);

function* filesUnder(folder: string, pattern: RegExp): Generator<string> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path, pattern);
    else if (pattern.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

/** The scales a stylesheet text imports. */
const importedScales = (css: string) =>
  [...css.matchAll(/tokens\/colors\/([a-z]+)\.css/g)].map(([, scale]) => scale ?? '');

/** The Radix scales a component text names in a `color` prop, literal or in an expression. */
function usedScales(tsx: string): string[] {
  const props = [...tsx.matchAll(/\bcolor=(?:"([a-z]+)"|\{([^}]*)\})/g)];
  return props
    .flatMap(([, literal, expression]) =>
      literal ? [literal] : [...(expression ?? '').matchAll(/'([a-z]+)'/g)].map(([, w]) => w),
    )
    .filter((scale): scale is string => scale !== undefined && scales.has(scale));
}

/** The folder that owns a file: features/<name>, or the app's shared code (ui, app, lib). */
const ownerOf = (file: string) => {
  const parts = relative(source, file).split(sep);
  return parts[0] === 'features' ? join(source, 'features', parts[1] ?? '') : null;
};

describe('colour tokens', () => {
  it('come with every Radix colour a screen uses', () => {
    const everywhere = new Set(importedScales(readFileSync(join(source, 'app/theme.css'), 'utf8')));
    const missing: string[] = [];
    for (const file of filesUnder(source, /\.tsx$/)) {
      const owner = ownerOf(file);
      const own = new Set(
        owner
          ? [...filesUnder(owner, /\.css$/)].flatMap((css) =>
              importedScales(readFileSync(css, 'utf8')),
            )
          : [],
      );
      for (const scale of usedScales(readFileSync(file, 'utf8')))
        if (!everywhere.has(scale) && !own.has(scale))
          missing.push(`${relative(source, file)}: ${scale}`);
    }
    expect(missing).toEqual([]);
  });

  it('notices literal colours and colours chosen in an expression', () => {
    expect(usedScales(`<Button color="ruby" /><Button color={on ? 'lime' : 'grass'} />`)).toEqual([
      'ruby',
      'lime',
      'grass',
    ]);
  });
});
