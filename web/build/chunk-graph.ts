// The built chunks and what each imports, for the build steps that follow a page load's chunks.
import type { Rolldown } from 'vite';

export type Chunk = Rolldown.OutputChunk;

/** The chunks of a bundle, by file name. */
export function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Chunk> {
  return new Map(
    Object.values(bundle)
      .filter((file): file is Chunk => file.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
}

/** The chunks `roots` import statically, themselves included. */
export function staticClosure(
  chunks: ReadonlyMap<string, Chunk>,
  roots: readonly Chunk[],
): Chunk[] {
  const seen = new Map<string, Chunk>();
  const pending = [...roots];
  for (let chunk = pending.shift(); chunk !== undefined; chunk = pending.shift()) {
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) pending.push(imported);
    }
  }
  return [...seen.values()];
}
