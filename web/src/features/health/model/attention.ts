// Which learners of the board to act on now (the health's "act_now" level), and why, as a small
// external store: each card
// subscribes to its own learner's reasons, so new health figures re-render the cards whose
// reasons changed, not the board.
import type { LearnerHealth } from '@lp/contract/health';

const NO_IDS: ReadonlySet<number> = new Set();

const sameReasons = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((reason, i) => reason === b[i]);

export class AttentionStore {
  private reasons = new Map<number, readonly string[]>();
  private flaggedIds: ReadonlySet<number> = NO_IDS;
  private loaded = false;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The learner's reasons, the same array while they do not change; null when not flagged. */
  readonly reasonsOf = (learnerId: number): readonly string[] | null =>
    this.reasons.get(learnerId) ?? null;

  /** The flagged learners' ids, the same set while it does not change. */
  readonly flagged = (): ReadonlySet<number> => this.flaggedIds;

  /** Whether health figures have arrived (the filter has nothing to count before). */
  readonly isLoaded = (): boolean => this.loaded;

  /** Takes the cohort's health; listeners hear of it only when something they read changed. */
  update(learners: readonly LearnerHealth[]): void {
    const next = new Map<number, readonly string[]>();
    let changed = !this.loaded;
    for (const learner of learners) {
      if (learner.level !== 'act_now') continue;
      const reasons = [...learner.flags]
        .sort((a, b) => Number(b.strength === 'strong') - Number(a.strength === 'strong'))
        .map((flag) => flag.reason);
      const before = this.reasons.get(learner.student_id);
      if (before && sameReasons(before, reasons)) next.set(learner.student_id, before);
      else {
        next.set(learner.student_id, reasons);
        changed = true;
      }
    }
    const sameIds =
      next.size === this.reasons.size && [...next.keys()].every((id) => this.reasons.has(id));
    if (!sameIds) {
      this.flaggedIds = new Set(next.keys());
      changed = true;
    }
    this.reasons = next;
    this.loaded = true;
    if (changed) for (const listener of this.listeners) listener();
  }
}
