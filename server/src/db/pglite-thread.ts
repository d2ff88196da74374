import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What the embedded engine answers a statement with. */
export interface EmbeddedResult<R> {
  rows: R[];
  affectedRows?: number;
}

/** PGlite's start: where its data lives (null = in memory), a data folder to start from, settings. */
export interface EmbeddedStart {
  dataDir: string | null;
  /** A data folder dumped by PGlite (`dumpDataDir`), to start from instead of an empty one. */
  loadDataDir?: Uint8Array;
  /** Server settings (`name=value`) over PGlite's own defaults. */
  settings: string[];
}

/**
 * The worker's code. It is plain JavaScript run from this text (not a file of its own) so that the
 * same worker starts under every loader this module runs in: the tests', the development one and
 * the compiled server's bundle. It takes PGlite from the path the main thread resolved.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);

// PGlite reads a Blob's bytes with arrayBuffer(); Node 20 would hand a Blob made of a buffer over
// in small chunks, a noticeable part of a test database's start.
class BytesBlob extends Blob {
  constructor(bytes) { super([]); this.bytes = bytes; }
  arrayBuffer() { return Promise.resolve(this.bytes.slice().buffer); }
}
// Dates stay 'YYYY-MM-DD' strings and bigint counts become numbers, as on a PostgreSQL server.
const parsers = { 1082: (value) => value, 20: (value) => Number(value) };
// An error crosses to the main thread as its fields (code, constraint, detail, ...).
const fieldsOf = (error) => ({ ...error, message: String(error && error.message), name: error && error.name });

(async () => {
  const { dataDir, loadDataDir, settings } = workerData;
  const startParams = [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])];
  const options = { startParams, parsers };
  if (loadDataDir) options.loadDataDir = new BytesBlob(loadDataDir);
  let pg;
  try {
    pg = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  } catch (error) {
    parentPort.postMessage({ id: 0, error: fieldsOf(error) });
    return;
  }
  const unlisten = new Map();
  parentPort.on('message', async ({ id, op, sql, params, channel }) => {
    try {
      let result;
      if (op === 'query') {
        const answer = await pg.query(sql, params);
        result = { rows: answer.rows, affectedRows: answer.affectedRows };
      } else if (op === 'listen') {
        const stop = await pg.listen(channel, (payload) => parentPort.postMessage({ channel, payload }));
        unlisten.set(channel, stop);
      } else if (op === 'unlisten') {
        await unlisten.get(channel)?.();
        unlisten.delete(channel);
      } else if (op === 'close') {
        await pg.close();
      }
      parentPort.postMessage({ id, result });
      if (op === 'close') parentPort.close();
    } catch (error) {
      parentPort.postMessage({ id, error: fieldsOf(error) });
    }
  });
  parentPort.postMessage({ id: 0 });
})();
`;

type Request =
  | { op: 'query'; sql: string; params: unknown[] }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'close' };

type Reply =
  | { id: number; result?: unknown; error?: Record<string, unknown> }
  | { channel: string; payload: string };

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const errorFrom = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message)), fields);

/**
 * The embedded PostgreSQL (PGlite) on a thread of its own: a statement runs while this thread
 * goes on serving requests, answers kept in memory among them, and compresses answers. A
 * statement's notifications arrive before its answer, in the order the engine sent them.
 */
export class PGliteThread {
  private readonly pending = new Map<number, Waiting>();
  private readonly listeners = new Map<string, (payload: string) => void>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.receive(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new Error('The embedded database has stopped')));
  }

  static async start(start: EmbeddedStart): Promise<PGliteThread> {
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...start, pglite } });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (reply: { error?: Record<string, unknown> }) =>
        reply.error ? reject(errorFrom(reply.error)) : resolve(),
      );
      worker.once('error', reject);
    });
    const thread = new PGliteThread(worker);
    worker.unref();
    return thread;
  }

  query<R>(sql: string, params: unknown[] = []): Promise<EmbeddedResult<R>> {
    return this.send({ op: 'query', sql, params }) as Promise<EmbeddedResult<R>>;
  }

  async listen(channel: string, notify: (payload: string) => void): Promise<() => Promise<void>> {
    this.listeners.set(channel, notify);
    await this.send({ op: 'listen', channel });
    return async () => {
      this.listeners.delete(channel);
      await this.send({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.send({ op: 'close' });
    await this.worker.terminate();
  }

  private send(request: Request): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    // The worker keeps the process alive only while it has work to answer.
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  private receive(reply: Reply) {
    if ('channel' in reply) {
      this.listeners.get(reply.channel)?.(reply.payload);
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) waiting.reject(errorFrom(reply.error));
    else waiting.resolve(reply.result);
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
