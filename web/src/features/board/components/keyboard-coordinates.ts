// Moving a picked-up card with the keyboard: the left and right arrows jump to the previous or
// next droppable column (dnd-kit's default moves 25 px per key press).
import {
  type CollisionDetection,
  closestCenter,
  type KeyboardCoordinateGetter,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';

/** The pointer's column; from the keyboard (no pointer) the column whose centre is closest. */
export const columnCollisions: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCenter(args);
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (step === 0 || !collisionRect) return undefined;
  event.preventDefault();

  const columns = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect ? [{ id: container.id, rect, centre: rect.left + rect.width / 2 }] : [];
    })
    .sort((a, b) => a.centre - b.centre);
  const here = over ? columns.findIndex((column) => column.id === over.id) : -1;
  const from = collisionRect.left + collisionRect.width / 2;
  const target =
    here === -1
      ? step > 0
        ? columns.find((column) => column.centre > from)
        : columns.findLast((column) => column.centre < from)
      : columns[here + step];
  if (!target) return undefined;
  return {
    x: target.centre - collisionRect.width / 2,
    y: target.rect.top + target.rect.height / 2 - collisionRect.height / 2,
  };
};
