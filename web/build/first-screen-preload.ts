// A page load of the first screen with a stored session (a reload of the board): its chunks and
// stylesheets are asked for by an inline script in the page, as the page is read, instead of by
// the app once its entry has loaded and run, a second wave of downloads that arrived after the
// board's data. The script is the built page's own (the server allows its inline scripts by
// hash), with the files of this build written into it; a signed-out page load asks for nothing.
import type { Plugin } from 'vite';
import { chunksOf, staticClosure } from './chunk-graph.ts';

/** What the page runs: reads no more than whether this tab holds a session. */
const preloadScript = (path: string, sessionKey: string, files: readonly string[]) => `
      (() => {
        try {
          if (location.pathname !== ${JSON.stringify(path)} || !sessionStorage.getItem(${JSON.stringify(sessionKey)})) return;
        } catch {
          return;
        }
        for (const href of ${JSON.stringify(files)}) {
          const link = document.createElement('link');
          if (href.endsWith('.css')) {
            link.rel = 'preload';
            link.as = 'style';
          } else link.rel = 'modulepreload';
          link.crossOrigin = '';
          link.href = href;
          document.head.append(link);
        }
      })();
    `;

export function firstScreenPreload(options: {
  /** The address of the first screen. */
  path: string;
  /** The modules the app loads lazily for it (the shell and the screen). */
  screens: readonly string[];
  /** The sessionStorage key of a stored session. */
  sessionKey: string;
  /**
   * The most files the first screen may load beyond the entry's. Over HTTP/1.1 a cold page load
   * gets them six at a time, and each small chunk cost the board's first paint time: the build
   * fails with the list when a change splits off another, to be put in one of the chunk groups.
   */
  maxFiles: number;
}): Plugin {
  return {
    name: 'lp-first-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = context.chunk;
        const chunks = chunksOf(context.bundle ?? {});
        const screens = [...chunks.values()].filter((chunk) =>
          chunk.moduleIds.some((id) => options.screens.includes(id)),
        );
        const found = options.screens.every((id) =>
          screens.some((chunk) => chunk.moduleIds.includes(id)),
        );
        if (!entry || !found)
          throw new Error('The build has no chunk for one of the first screen’s modules');
        // The page asks for the entry's own files already.
        const loaded = new Set(staticClosure(chunks, [entry]).map((chunk) => chunk.fileName));
        const needed = staticClosure(chunks, screens).filter(
          (chunk) => !loaded.has(chunk.fileName),
        );
        const files = [
          ...needed.map((chunk) => chunk.fileName),
          ...new Set(needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])),
        ].map((file) => `/${file}`);
        if (files.length > options.maxFiles)
          throw new Error(
            `The first screen loads ${files.length} files beyond the entry's, more than ${options.maxFiles}: ${files.join(', ')}`,
          );
        // Before the stylesheet: a script after it waits for the stylesheet to load before it
        // runs, and these requests would wait with it.
        const stylesheet = html.indexOf('<link rel="stylesheet"');
        if (stylesheet < 0) throw new Error('The built page has no stylesheet to preload ahead of');
        const script = `<script>${preloadScript(options.path, options.sessionKey, files)}</script>\n    `;
        return html.slice(0, stylesheet) + script + html.slice(stylesheet);
      },
    },
  };
}
