import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, sourceFolder } from '@/test/source-files.ts';

// The build leaves Radix Themes' breakpoint rules out (build/radix-subset.ts): two thirds of its
// CSS, parsed on every load of a screen after sign-in. A responsive prop
// (`px={{ initial: '3', sm: '5' }}`) would then do nothing from its breakpoint up, which no type
// check sees. What changes with the width is in the app's own stylesheets (app/theme.css's
// --lp-gutter, a feature's media queries).
const BREAKPOINT_VALUE = /\{\s*(initial|xs|sm|md|lg|xl)\s*:\s*['"\d]/;

const responsiveValues = (text: string) =>
  text.split('\n').flatMap((line, index) => (BREAKPOINT_VALUE.test(line) ? [index + 1] : []));

describe("Radix Themes' breakpoints", () => {
  it('are used by no component: no prop takes a value per breakpoint', () => {
    const found: string[] = [];
    for (const file of sourceFiles(/\.tsx?$/))
      for (const line of responsiveValues(readFileSync(file, 'utf8')))
        found.push(`${relative(sourceFolder, file)}:${line}`);
    expect(found).toEqual([]);
  });

  it('notice a value per breakpoint written in place or kept in a constant', () => {
    expect(responsiveValues(`<Box px={{ initial: '3', sm: '5' }} />`)).toEqual([1]);
    expect(responsiveValues(`const columns = { md: "2" };\n<Grid columns={columns} />`)).toEqual([
      1,
    ]);
    expect(responsiveValues(`<Box px="var(--lp-gutter)" />\ninterface A { initial: B }`)).toEqual(
      [],
    );
  });
});
