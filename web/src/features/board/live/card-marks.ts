// The brief marks on cards another person just changed ('moved to Functionland by Ada'), as a
// small external store: each card subscribes to its own learner's mark, so a mark re-renders one
// card, not the board.
import type { BoardChange } from '@lp/contract/live';
import { createContext, useContext, useSyncExternalStore } from 'react';

/** How long a card keeps its mark. */
export const MARK_MS = 5_000;

export class CardMarks {
  private readonly marks = new Map<number, string>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get(learnerId: number): string | null {
    return this.marks.get(learnerId) ?? null;
  }

  /** Marks the learner's card for MARK_MS (a newer mark replaces it and starts the time again). */
  show(learnerId: number, text: string, ms = MARK_MS): void {
    const timer = this.timers.get(learnerId);
    if (timer) clearTimeout(timer);
    this.timers.set(
      learnerId,
      setTimeout(() => this.remove(learnerId), ms),
    );
    this.marks.set(learnerId, text);
    this.emit();
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.marks.size === 0) return;
    this.marks.clear();
    this.emit();
  }

  private remove(learnerId: number) {
    this.timers.delete(learnerId);
    if (this.marks.delete(learnerId)) this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

export const CardMarksContext = createContext<CardMarks | null>(null);

const noSubscription = () => () => {};

/** The mark on this learner's card, or null (always null on a board without a live stream). */
export function useCardMark(learnerId: number): string | null {
  const marks = useContext(CardMarksContext);
  const read = () => marks?.get(learnerId) ?? null;
  return useSyncExternalStore(marks?.subscribe ?? noSubscription, read, read);
}

/**
 * The mark a change leaves on its card, or null for none: the signed-in person's own changes are
 * not marked (they just made them). Work on GitHub has no actor on the board: it is marked as
 * GitHub's, so a push or a check turning red is noticed like a colleague's move.
 */
export function changeMark(change: BoardChange, selfId: number | null): string | null {
  const { actor, summary } = change;
  if (actor && actor.id === selfId) return null;
  switch (change.kind) {
    case 'activity':
      return actor ? `${summary} by ${actor.name}` : `${summary} on GitHub`;
    case 'repository':
    case 'intervention':
    case 'project':
    case 'assessment':
    case 'objective':
    case 'capstone':
    case 'tag':
    case 'note':
    case 'transfer-in':
    case 'transfer-out':
    case 'cleared':
    case 'deleted':
    case 'detail':
    case 'undo':
      return actor ? `${summary} by ${actor.name}` : null;
    default:
      return unknownKind(change.kind);
  }
}

/** A new kind fails to compile here until it is given a mark above. */
const unknownKind = (kind: never): null => {
  console.warn(`A board change of an unknown kind: ${String(kind)}`);
  return null;
};
