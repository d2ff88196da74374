// What screen readers hear while a card is moved (dnd-kit live region).
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move this learner, press Space or Enter to pick the card up. Use the left and right arrow keys to choose a project column, then press Space or Enter to drop it there, or Escape to cancel.',
};

export function boardAnnouncements(nameOf: (id: number | string) => string): Announcements {
  const label = (data: Record<string, unknown> | undefined) => String(data?.label ?? 'a column');
  return {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. The board shows the projects it can move to.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over ${label(over.data.current)}.`
        : `${nameOf(active.id)} is not over a column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped on ${label(over.data.current)}.`
        : `${nameOf(active.id)} was put back.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}
