// One chunk for a staff page load's first screen, the board (issue 30). Left to itself, the
// bundler splits the modules the staff shell and the board share with other lazily loaded
// screens into some thirty chunks of their own, which a cold page load fetched six at a time
// after the board's data had arrived. This group gathers them into one.
//
// Which modules: those the first screen imports (statically, from its own files on) that match
// `only`, the paths of what the signed-out pages do not use. The import graph alone cannot tell:
// a feature's index.ts re-exports all of the feature, so the sign-in page "imports" most of the
// app before tree-shaking. The build checks the result instead: it fails when the entry or a
// signed-out page would load the chunk.
import type { Plugin, Rolldown } from 'vite';
import { type Chunk, chunksOf, staticClosure } from './chunk-graph.ts';

/** Every module `roots` import, statically, themselves included. */
function importClosure(context: Rolldown.PluginContext, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export interface FirstScreenChunk {
  /** Reads the module graph once the build has it, and checks the chunks once they are made. */
  plugin: Plugin;
  /** For the chunk group: whether a module belongs to the first screen's chunk. */
  test: (id: string) => boolean;
}

export function firstScreenChunk(options: {
  /** The chunk group's name. */
  name: string;
  /** The first screen's modules (files). */
  screens: readonly string[];
  /** Module paths that no signed-out page uses… */
  only: RegExp;
  /** …but for these. */
  except: RegExp;
  /** The names of the chunks of the signed-out pages, which must not load this one. */
  signedOut: readonly string[];
}): FirstScreenChunk {
  const members = new Set<string>();
  return {
    plugin: {
      name: 'lp-first-screen-chunk',
      buildEnd() {
        members.clear();
        for (const id of importClosure(this, options.screens)) {
          if (options.only.test(id) && !options.except.test(id)) members.add(id);
        }
      },
      generateBundle(_options, bundle) {
        const chunks = chunksOf(bundle);
        const loads = (start: Chunk) =>
          staticClosure(chunks, [start]).some((chunk) => chunk.name === options.name);
        for (const chunk of chunks.values()) {
          if ((chunk.isEntry || options.signedOut.includes(chunk.name)) && loads(chunk))
            this.error(`${chunk.fileName} would load the ${options.name} chunk`);
        }
      },
    },
    test: (id) => members.has(id),
  };
}
