// A card that changes column is a new element: React removes the old one and mounts one in the
// new column. Focus on the old card (a keyboard drop, a menu move, another coach's move seen
// live) would fall to <body>; it moves to the new card's handle instead. Focus in the card's
// menu counts as on the card: the menu closes with the card it belongs to.
import { type RefObject, useLayoutEffect } from 'react';
import { openerOf } from '@/ui/dialog/index.ts';

/** The learner whose card lost focus by being removed, for the rest of that React commit. */
let leaving: number | null = null;

export function useFocusFollowsCard(
  learnerId: number,
  card: RefObject<HTMLElement | null>,
  handle: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    if (leaving === learnerId) {
      leaving = null;
      handle.current?.focus();
    }
    const node = card.current;
    return () => {
      // Layout cleanups of removed cards run before the new ones mount, in the same commit.
      const focused = openerOf(document.activeElement);
      if (!focused || !node?.contains(focused)) return;
      leaving = learnerId;
      queueMicrotask(() => {
        if (leaving === learnerId) leaving = null;
      });
    };
  }, [learnerId, card, handle]);
}
