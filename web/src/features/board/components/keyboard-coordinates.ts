// Moving a picked-up card with the keyboard: the left and right arrows jump to the previous or
// next droppable column in the course's order (dnd-kit's default moves 25 px per key press), even
// where the board shows it after its other columns (an empty project, while dragging): dnd-kit's
// keyboard sensor then scrolls the board to it.
import {
  type CollisionDetection,
  closestCenter,
  type KeyboardCoordinateGetter,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
} from '@dnd-kit/core';

/** The pointer's column; from the keyboard (no pointer) the column whose centre is closest. */
export const columnCollisions: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCenter(args);
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

/** A column's place in the course (its droppable's `order`), else its place across the screen. */
const orderOf = (order: unknown, centre: number) => (typeof order === 'number' ? order : centre);

/** The column a keyboard drag is at: set to the card's own column when it is picked up. */
export interface KeyboardColumn {
  current: UniqueIdentifier | null;
}

/**
 * Steps from the column the card was last moved to, not from whatever column lies under the card
 * (that would skip or repeat a column).
 */
export const columnKeyboardCoordinates =
  (position: KeyboardColumn): KeyboardCoordinateGetter =>
  (event, { context }) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    const { collisionRect, droppableRects, droppableContainers, over } = context;
    if (step === 0 || !collisionRect) return undefined;
    event.preventDefault();

    const columns = droppableContainers
      .getEnabled()
      .flatMap((container) => {
        const rect = droppableRects.get(container.id);
        const centre = rect ? rect.left + rect.width / 2 : 0;
        const order: unknown = container.data.current?.order;
        return rect ? [{ id: container.id, rect, centre, order: orderOf(order, centre) }] : [];
      })
      .sort((a, b) => a.order - b.order);
    const fromId = position.current ?? over?.id ?? null;
    const here = fromId === null ? -1 : columns.findIndex((column) => column.id === fromId);
    const from = collisionRect.left + collisionRect.width / 2;
    const target =
      here === -1
        ? step > 0
          ? columns.find((column) => column.centre > from)
          : columns.findLast((column) => column.centre < from)
        : columns[here + step];
    if (!target) return undefined;
    position.current = target.id;
    return {
      x: target.centre - collisionRect.width / 2,
      y: target.rect.top + target.rect.height / 2 - collisionRect.height / 2,
    };
  };
