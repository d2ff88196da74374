import { basename, resolve } from 'node:path';
import type { AtRule, Container, Plugin, Root } from 'postcss';
import type { Plugin as VitePlugin } from 'vite';

/**
 * Radix Themes as the app uses it. In the stylesheet `file`, the rules that `@import`s of Radix
 * Themes' components.css and utilities.css bring in lose the breakpoint variants that responsive
 * props (`p={{ initial: '2', md: '4' }}`) use: two thirds of Radix's CSS, which every screen after
 * sign-in parsed on its load. The app uses no responsive prop (src/ui/radix-breakpoints.test.ts);
 * what changes with the width is in its own stylesheets, on the same breakpoints.
 *
 * With `classes`, the rules are moreover kept only where every component class of a selector
 * (`.rt-Button`, `.rt-TextFieldRoot`, …) is one of them: the first page loads only part of Radix
 * Themes (issue 12: its CSS under 25 KB compressed). The rest comes with the screens after sign-in
 * (src/ui/radix-themes.css), in its original order, so once it is loaded every element is styled
 * exactly as with all of Radix Themes' rules but the breakpoint variants. Tokens and the other
 * imports stay whole.
 */
export interface RadixSubsetOptions {
  /** The stylesheet whose Radix imports are cut down, e.g. 'src/app/theme.css'. */
  file: string;
  /** The Radix component classes to keep, without the dot ('rt-Button'); all when left out. */
  classes?: readonly string[];
}

const radixFile = /[\\/]@radix-ui[\\/]themes[\\/](components|utilities)\.css$/;
/** `@media (min-width: 768px)` and the like: the `xs:` … `xl:` variants of responsive props. */
const breakpoint = /^\(\s*min-width:\s*[\d.]+(px|em|rem)\s*\)$/;
const componentClass = /\.rt-[A-Z][A-Za-z]*/g;

const fromRadix = (node: { source?: { input: { file?: string } } }) =>
  radixFile.test(node.source?.input.file ?? '');

function removeEmpty(container: Container) {
  container.each((node) => {
    if (node.type !== 'atrule' || !node.nodes) return;
    removeEmpty(node);
    if (node.nodes.length === 0) node.remove();
  });
}

/** Cuts the Radix Themes rules in `root` down (see RadixSubsetOptions). */
export function subsetRadixRules(root: Root, classes?: ReadonlySet<string>): void {
  root.walkAtRules('media', (rule: AtRule) => {
    if (fromRadix(rule) && breakpoint.test(rule.params)) rule.remove();
  });
  if (classes) keepComponents(root, classes);
  removeEmpty(root);
}

function keepComponents(root: Root, classes: ReadonlySet<string>) {
  root.walkRules((rule) => {
    if (!fromRadix(rule)) return;
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/.test((parent as AtRule).name)) return;
    const kept = rule.selectors.filter((selector) =>
      (selector.match(componentClass) ?? []).every((name) => classes.has(name.slice(1))),
    );
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
}

/** PostCSS plugin for Vite's `css.postcss.plugins`; runs after the `@import`s are inlined. */
export function radixSubset(options: RadixSubsetOptions): Plugin {
  const classes = options.classes && new Set(options.classes);
  return {
    postcssPlugin: 'lp-radix-subset',
    Once(root, { result }) {
      const from = result.opts.from;
      if (!from || resolve(from) !== resolve(options.file)) return;
      subsetRadixRules(root, classes);
    },
  };
}

/**
 * Vite plugin: the full Radix Themes stylesheet (`cssModule`, e.g. src/ui/radix-themes.css) comes
 * before every stylesheet loaded after the first page. A dynamic import adds the stylesheets of the
 * chunks it loads to the end of <head>, each chunk's after those of the chunks it imports; so every
 * lazily loaded chunk with a stylesheet gets the full one as its first (loaded once: later imports
 * find it there). The screens' own rules then come after all of Radix Themes, as they did when it
 * was all in the first page's stylesheet. The entry and what it imports statically (the first
 * page's stylesheet, in index.html) are left alone.
 */
export function radixFullFirst(cssModule: string): VitePlugin {
  const name = basename(cssModule);
  return {
    name: 'lp-radix-full-first',
    apply: 'build',
    // After Vite has attached the stylesheets to the chunks, before it lists each dynamic
    // import's files.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const full = Object.values(bundle).find(
        (file) => file.type === 'asset' && file.names.includes(name),
      );
      if (!full) throw new Error(`No stylesheet named ${name} in the build`);
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const firstPage = new Set<string>();
      const visit = (fileName: string) => {
        if (firstPage.has(fileName)) return;
        firstPage.add(fileName);
        for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) {
          visit(imported);
        }
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      for (const chunk of chunks) {
        const css = chunk.viteMetadata?.importedCss;
        if (!css?.size || firstPage.has(chunk.fileName)) continue;
        const others = [...css].filter((file) => file !== full.fileName);
        css.clear();
        for (const file of [full.fileName, ...others]) css.add(file);
      }
    },
  };
}
