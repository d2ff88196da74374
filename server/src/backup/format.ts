import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';

/*
 * A backup file: gzip-compressed lines of text.
 *
 *   @learning-platform-backup {"format":1,"createdAt":…,"engine":…,"migrations":[…]}
 *   @table {"name":"people","columns":["id",…]}
 *   {"id":1,…}                      one line per row: the row as PostgreSQL's row_to_json wrote it
 *   …
 *   @sequences [{"name":"people_id_seq","value":"42"},…]
 *   @end {"rows":{"people":3,…},"sha256":"…"}
 *
 * The data of every table, not its schema: the migrations named in the header rebuild the schema,
 * so a backup restores on either engine and on any later version (which then migrates forward).
 * The last line's checksum covers every line before it, so a truncated or altered file is refused
 * before anything is restored.
 */

export const BACKUP_FORMAT = 1;
const MAGIC = '@learning-platform-backup';

export interface BackupHeader {
  format: number;
  createdAt: string;
  engine: 'embedded' | 'postgres';
  /** The migrations the database had run: they rebuild its schema before its rows are loaded. */
  migrations: string[];
}

export interface TableSection {
  name: string;
  columns: string[];
}

export interface SequenceValue {
  name: string;
  /** Its last value as text (a bigint), null when it never gave one. */
  value: string | null;
}

interface Trailer {
  rows: Record<string, number>;
  sha256: string;
}

/** A file that is not a complete backup this version can read; the message says why. */
export class BackupFileError extends Error {}

/**
 * Writes a backup beside its final name and renames it into place once complete, so that a
 * backup cut short (a full disk, a crash) never lies where a good one is expected.
 */
export class BackupWriter {
  private readonly hash = createHash('sha256');
  private readonly gzip = createGzip();
  private readonly done: Promise<void>;
  private readonly rows: Record<string, number> = {};
  private table: string | null = null;

  private constructor(
    readonly file: string,
    private readonly partial: string,
  ) {
    this.done = pipeline(this.gzip, createWriteStream(partial, { mode: 0o600 }));
    this.done.catch(() => {});
  }

  static async create(file: string, header: BackupHeader): Promise<BackupWriter> {
    await mkdir(dirname(file), { recursive: true });
    const partial = `${dirname(file)}/.${basename(file)}.${randomBytes(4).toString('hex')}.partial`;
    const writer = new BackupWriter(file, partial);
    await writer.line(`${MAGIC} ${JSON.stringify(header)}`);
    return writer;
  }

  async startTable(section: TableSection): Promise<void> {
    this.table = section.name;
    this.rows[section.name] = 0;
    await this.line(`@table ${JSON.stringify(section)}`);
  }

  /** A row as JSON text; it holds no line break (JSON escapes them in strings). */
  async row(json: string): Promise<void> {
    if (this.table === null) throw new Error('a row before its table');
    this.rows[this.table] = (this.rows[this.table] ?? 0) + 1;
    await this.line(json);
  }

  async sequences(values: SequenceValue[]): Promise<void> {
    await this.line(`@sequences ${JSON.stringify(values)}`);
  }

  /** Completes the file and moves it to its name; returns the rows it holds per table. */
  async finish(): Promise<Record<string, number>> {
    const trailer: Trailer = { rows: this.rows, sha256: this.hash.digest('hex') };
    this.gzip.end(`@end ${JSON.stringify(trailer)}\n`);
    await this.done;
    const handle = await open(this.partial, 'r');
    await handle.sync().finally(() => handle.close());
    await rename(this.partial, this.file);
    return this.rows;
  }

  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => {});
    await rm(this.partial, { force: true });
  }

  private async line(text: string): Promise<void> {
    const bytes = Buffer.from(`${text}\n`);
    this.hash.update(bytes);
    if (!this.gzip.write(bytes)) await once(this.gzip, 'drain');
  }
}

export type BackupItem =
  | { kind: 'table'; section: TableSection }
  | { kind: 'row'; json: string }
  | { kind: 'sequences'; values: SequenceValue[] };

/** The lines of a gzip file, each without its line break; a damaged gzip stream throws. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>) {
    pending += decoder.write(chunk);
    let end = pending.indexOf('\n');
    while (end !== -1) {
      yield pending.slice(0, end);
      pending = pending.slice(end + 1);
      end = pending.indexOf('\n');
    }
  }
  pending += decoder.end();
  if (pending !== '') yield pending;
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

async function startsAsGzip(file: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupFileError(`There is no file ${file}.`);
    if (code === 'EISDIR') throw new BackupFileError(`${file} is a folder, not a backup file.`);
    throw error;
  }
  try {
    const start = Buffer.alloc(2);
    const { bytesRead } = await handle.read(start, 0, 2, 0);
    return bytesRead === 2 && start.equals(GZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

const notABackup = (file: string, why: string) =>
  new BackupFileError(`${file} is not a Learning Platform backup (${why}).`);
const incomplete = (file: string) =>
  new BackupFileError(
    `${file} is incomplete: it ends before its last line (was the file cut short while it was written or copied?).`,
  );

function parseJson<T>(file: string, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new BackupFileError(`${file} is damaged: a line of it is not readable.`);
  }
}

/**
 * Reads a backup: its header, then (through `each`) its tables, rows and sequences in order.
 * Refuses a file that is not a backup, is of a newer format, is cut short or does not match its
 * checksum; `each` has then seen only part of it, so check a file (`each` omitted) before using
 * what it holds.
 */
export async function readBackup(
  file: string,
  each: (item: BackupItem) => Promise<void> = async () => {},
  onHeader: (header: BackupHeader) => void = () => {},
): Promise<{ header: BackupHeader; rows: Record<string, number> }> {
  if (!(await startsAsGzip(file))) throw notABackup(file, 'it is not a compressed backup file');
  const hash = createHash('sha256');
  const rows: Record<string, number> = {};
  let header: BackupHeader | null = null;
  let table: string | null = null;
  let trailer: Trailer | null = null;
  try {
    for await (const line of linesOf(file)) {
      if (trailer) throw new BackupFileError(`${file} is damaged: it goes on after its last line.`);
      if (line.startsWith('@end ')) {
        trailer = parseJson<Trailer>(file, line.slice(5));
        continue;
      }
      hash.update(`${line}\n`);
      if (header === null) {
        if (!line.startsWith(`${MAGIC} `)) throw notABackup(file, 'it has no backup header');
        header = parseJson<BackupHeader>(file, line.slice(MAGIC.length + 1));
        if (typeof header.format !== 'number' || !Array.isArray(header.migrations))
          throw notABackup(file, 'its header is not one this product writes');
        if (header.format > BACKUP_FORMAT)
          throw new BackupFileError(
            `${file} is in backup format ${header.format}, newer than this version reads (${BACKUP_FORMAT}): restore it with a newer version of the product.`,
          );
        onHeader(header);
      } else if (line.startsWith('@table ')) {
        const section = parseJson<TableSection>(file, line.slice(7));
        table = section.name;
        rows[table] = 0;
        await each({ kind: 'table', section });
      } else if (line.startsWith('@sequences ')) {
        await each({ kind: 'sequences', values: parseJson(file, line.slice(11)) });
      } else if (line.startsWith('{') && table !== null) {
        rows[table] = (rows[table] ?? 0) + 1;
        await each({ kind: 'row', json: line });
      } else {
        throw new BackupFileError(`${file} is damaged: a line of it is not part of a backup.`);
      }
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR') {
      if (header === null) throw notABackup(file, 'it is not a compressed backup file');
      throw code === 'Z_BUF_ERROR'
        ? incomplete(file)
        : new BackupFileError(`${file} is damaged: its compressed data is corrupt.`);
    }
    throw error;
  }
  if (header === null) throw notABackup(file, 'it is empty');
  if (trailer === null) throw incomplete(file);
  if (trailer.sha256 !== hash.digest('hex'))
    throw new BackupFileError(`${file} is damaged: its checksum does not match its contents.`);
  for (const [name, count] of Object.entries(trailer.rows)) {
    if (rows[name] !== count)
      throw new BackupFileError(
        `${file} is damaged: table ${name} lacks rows its last line counts.`,
      );
  }
  return { header, rows };
}
