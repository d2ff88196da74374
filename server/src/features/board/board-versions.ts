import type { WrittenTables } from '../../db/committed-writes.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { todayIn } from '../../lib/dates.ts';
import type { BoardVersionRow } from './board.repository.ts';

/** Where the database announces version bumps (migration 0520). */
export const BOARD_VERSIONS_CHANNEL = 'board_versions';

/** A cohort's version parts as the database last reported them; `today` is computed on use. */
interface KnownVersion {
  id: number;
  timeZone: string;
  cohortVersion: string;
  catalogueVersion: string;
}

function knowsZone(timeZone: string): boolean {
  try {
    todayIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The boards' version counters, kept in memory so that an unchanged board is answered 304
 * without asking the database. The database announces every bump (migration 0520, delivered at
 * commit to every listening process); a cohort's version is forgotten when its bump is heard,
 * every version when the catalogue's is, and the next read asks the database again.
 * Until the listening connection is up (or after it broke) nothing is kept: every read asks.
 */
export class BoardVersions {
  private readonly known = new Map<number, KnownVersion>();
  private listening = false;
  /** Counts forgettings: a read that started before one may hold an older version. */
  private generation = 0;

  /** The version row from memory, or undefined when the database must be asked. */
  current(cohortId: number): BoardVersionRow | undefined {
    const known = this.known.get(cohortId);
    if (!known) return undefined;
    return {
      id: known.id,
      today: todayIn(known.timeZone),
      cohort_version: known.cohortVersion,
      catalogue_version: known.catalogueVersion,
    };
  }

  /** Reads the version through `load` and keeps it, unless a change was heard meanwhile. */
  async read(
    load: () => Promise<(BoardVersionRow & { time_zone: string }) | undefined>,
  ): Promise<BoardVersionRow | undefined> {
    const started = this.generation;
    const row = await load();
    if (row && this.listening && started === this.generation && knowsZone(row.time_zone)) {
      this.known.set(row.id, {
        id: row.id,
        timeZone: row.time_zone,
        cohortVersion: row.cohort_version,
        catalogueVersion: row.catalogue_version,
      });
    }
    return row;
  }

  /** A notification's payload: the comma-separated cohort ids whose boards changed (0 = all). */
  heard(payload: string) {
    const ids = payload.split(',').map(Number);
    if (ids.some((id) => id === 0 || !Number.isInteger(id))) this.forgetAll();
    else {
      this.generation++;
      for (const id of ids) this.known.delete(id);
    }
  }

  forgetAll() {
    this.generation++;
    this.known.clear();
  }

  /** Whether notifications arrive; while they do not, nothing is kept. */
  setListening(listening: boolean) {
    this.listening = listening;
    this.forgetAll();
  }
}

/**
 * Tables whose writes never change a board: sign-ins, tokens, stream tickets and jobs. Commits that
 * wrote only these keep the versions, so opening a live stream or signing in does not make
 * every board's next read ask the database again.
 */
const OUTSIDE_BOARDS: ReadonlySet<string> = new Set([
  'live_tickets',
  'tokens',
  'sign_in_grants',
  'sign_in_failures',
  // The queue's bookkeeping: its workers claim and renew every few seconds. What a job changes
  // on a board it writes to the board's own tables.
  'jobs',
  'job_steps',
]);

const mayChangeBoards = (tables: WrittenTables) =>
  tables === null || [...tables].some((table) => !OUTSIDE_BOARDS.has(table));

/** What the versions are learnt from: this process's commits and the database's notifications. */
export type ChangeSources = Partial<Pick<DatabaseHandle, 'listen' | 'onCommittedWrite'>>;

/**
 * Board versions that follow the database: forgotten after each write this process commits to
 * a table a board may show (before its caller continues) and on each notification (other
 * connections and processes).
 * Without both sources, nothing is kept and every read asks the database.
 */
export async function followBoardVersions(database: ChangeSources) {
  const versions = new BoardVersions();
  if (!database.listen || !database.onCommittedWrite) return { versions, stop: async () => {} };
  const stopWatching = database.onCommittedWrite((tables) => {
    if (mayChangeBoards(tables)) versions.forgetAll();
  });
  const unlisten = await database.listen(BOARD_VERSIONS_CHANNEL, {
    notify: (payload) => versions.heard(payload),
    reset: (listening) => versions.setListening(listening),
  });
  return {
    versions,
    async stop() {
      stopWatching();
      versions.setListening(false);
      await unlisten();
    },
  };
}
