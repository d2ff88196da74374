import type { Kysely } from 'kysely';
import type { WrittenTables } from '../../db/committed-writes.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { Coalescer } from '../../lib/coalesce.ts';
import { type BoardVersionRow, boardVersion } from '../board/board.repository.ts';
import type { BoardVersions } from '../board/board-versions.ts';
import type { CohortFacts, PaceHistories } from './cohort-health.report.ts';
import type { HealthAnswer } from './cohort-health.service.ts';

/** A cohort's answer, made from these figures, the same until `until` (a day count changes). */
interface KeptAnswer {
  facts: CohortFacts;
  history: PaceHistories;
  settings: string;
  until: number;
  answer: HealthAnswer;
}

/** Where the database announces a change of the pace history (migration 0540). */
export const PACE_HISTORY_CHANNEL = 'pace_history';

const CACHED_COHORTS = 200;

/**
 * Tables whose committed writes may change the pace history: moves, a project's book, and people
 * (deleting one deletes their moves; projects with moves cannot be deleted).
 */
const HISTORY_TABLES = ['student_projects', 'projects', 'people'];

/** Keeps a cohort's entry as the newest, forgetting the least recently kept beyond the limit. */
function keep<T>(entries: Map<number, T>, cohortId: number, entry: T) {
  entries.delete(cohortId);
  entries.set(cohortId, entry);
  if (entries.size > CACHED_COHORTS) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
}

const mayChangeHistory = (tables: WrittenTables) =>
  tables === null || HISTORY_TABLES.some((table) => tables.has(table));

/**
 * What cohort health reports are made of, kept in memory, and each cohort's answer made of it
 * until one of its day counts changes (days count up to now).
 * - A cohort's facts are kept under its board version (cohort and catalogue counters), which the
 *   database bumps with every change a report shows (migrations 0500 and 0540). The version comes
 *   from memory while notifications keep it true (board-versions.ts), otherwise from a query; it
 *   is read before the facts, so facts kept under a version are never older than it.
 * - The pace history (every learner's moves) belongs to no cohort: it is kept while the database
 *   announces its changes (PACE_HISTORY_CHANNEL) and forgotten on each, and on each commit of this
 *   process that wrote a table it is computed from. Until the listening connection is up (or
 *   after it broke) it is computed on every read.
 */
export class HealthCache {
  private readonly answers = new Map<number, KeptAnswer>();
  private readonly cohorts = new Map<number, { key: string; facts: CohortFacts }>();
  private readonly versionReads = new Coalescer<number, BoardVersionRow | undefined>();
  private readonly factReads = new Coalescer<string, CohortFacts | undefined>();
  private readonly historyReads = new Coalescer<0, PaceHistories>();
  private history: PaceHistories | undefined;
  private listening = false;
  /** Counts forgettings: a history read that started before one may be older. */
  private generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: BoardVersions,
  ) {}

  /** The cohort's facts, kept or read by `load`; undefined for an unknown cohort. */
  async cohort(
    cohortId: number,
    skillLevel: number,
    load: () => Promise<CohortFacts | undefined>,
  ): Promise<CohortFacts | undefined> {
    const version =
      this.versions.current(cohortId) ??
      (await this.versionReads.read(cohortId, () =>
        this.versions.read(() => boardVersion(this.db, cohortId)),
      ));
    if (!version) return undefined;
    const key = `${version.cohort_version}-${version.catalogue_version}-${skillLevel}`;
    const kept = this.cohorts.get(cohortId);
    if (kept?.key === key) return kept.facts;
    const facts = await this.factReads.read(`${cohortId}-${key}`, load);
    if (facts) keep(this.cohorts, cohortId, { key, facts });
    return facts;
  }

  /**
   * The cohort's answer made from these figures (the same objects as kept: new figures make a new
   * answer) and settings, kept until a day count in it changes.
   */
  answer(
    cohortId: number,
    figures: { facts: CohortFacts; history: PaceHistories; settings: string },
    now: number,
    make: () => { answer: HealthAnswer; until: number },
  ): HealthAnswer {
    const kept = this.answers.get(cohortId);
    if (
      kept?.facts === figures.facts &&
      kept.history === figures.history &&
      kept.settings === figures.settings &&
      now < kept.until
    )
      return kept.answer;
    const { answer, until } = make();
    keep(this.answers, cohortId, { ...figures, until, answer });
    return answer;
  }

  /** The pace history, kept or read by `load`. */
  async paceHistory(load: () => Promise<PaceHistories>): Promise<PaceHistories> {
    if (this.history) return this.history;
    const started = this.generation;
    const history = await this.historyReads.read(0, load);
    if (this.listening && started === this.generation) this.history = history;
    return history;
  }

  forgetHistory() {
    this.generation++;
    this.history = undefined;
  }

  /** Whether the history's change notifications arrive; while they do not, it is not kept. */
  setListening(listening: boolean) {
    this.listening = listening;
    this.forgetHistory();
  }
}

/**
 * Each database's cache, found by its query builder: every caller of `cohortHealth` with the
 * app's database (routes, exports, digests) shares it, while a transaction or a database the app
 * does not follow reads everything afresh.
 */
const caches = new WeakMap<Kysely<Database>, HealthCache>();

export const healthCacheOf = (db: Kysely<Database>) => caches.get(db);

type ChangeSources = Pick<DatabaseHandle, 'db'> &
  Partial<Pick<DatabaseHandle, 'listen' | 'onCommittedWrite'>>;

/** A cache for the database's health reads, following its changes until stopped. */
export async function followHealthChanges(database: ChangeSources, versions: BoardVersions) {
  const cache = new HealthCache(database.db, versions);
  caches.set(database.db, cache);
  const stopWatching = database.onCommittedWrite?.((tables) => {
    if (mayChangeHistory(tables)) cache.forgetHistory();
  });
  const unlisten = await database.listen?.(PACE_HISTORY_CHANNEL, {
    notify: () => cache.forgetHistory(),
    reset: (listening) => cache.setListening(listening && stopWatching !== undefined),
  });
  return {
    cache,
    async stop() {
      if (caches.get(database.db) === cache) caches.delete(database.db);
      stopWatching?.();
      cache.setListening(false);
      await unlisten?.();
    },
  };
}
