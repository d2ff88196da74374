import { readFile } from 'node:fs/promises';

/**
 * A PGlite data-directory dump as a Blob whose bytes PGlite reads straight from memory: Node 20
 * reads a Blob built from a buffer in small chunks, which costs a noticeable share of the start
 * on a 40 MB dump.
 */
class InMemoryBlob extends Blob {
  constructor(private readonly contents: Uint8Array) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const copy = new Uint8Array(this.contents.byteLength);
    copy.set(this.contents);
    return Promise.resolve(copy.buffer);
  }
}

/** The dump (an uncompressed tar from `dumpDataDir('none')`) in the file at `path`. */
export async function readDataDirDump(path: string): Promise<Blob> {
  return new InMemoryBlob(await readFile(path));
}
