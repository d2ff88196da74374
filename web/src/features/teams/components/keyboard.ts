// Keyboard moves in the team builder: with a badge picked up (Space or Enter), the arrow keys
// jump to the next or previous team, then the pool, and around again; Space drops.
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  type KeyboardCoordinateGetter,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';

/**
 * Under the pointer; from the keyboard (no pointer) the target under the badge's centre, so a
 * badge picked up in the pool is over the pool until an arrow moves it.
 */
export const teamCollisions: CollisionDetection = (args) => {
  const rect = args.collisionRect;
  const point = args.pointerCoordinates ?? {
    x: rect.left + rect.width / 2,
    y: rect.top + rect.height / 2,
  };
  const within = pointerWithin({ ...args, pointerCoordinates: point });
  if (within.length > 0) return within;
  return args.pointerCoordinates ? rectIntersection(args) : closestCenter(args);
};

/** Teams in order, then the pool. */
const order = (id: string) => (id === 'pool' ? Number.MAX_SAFE_INTEGER : Number(id.slice(5)));

export const teamKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step =
    event.code === 'ArrowRight' || event.code === 'ArrowDown'
      ? 1
      : event.code === 'ArrowLeft' || event.code === 'ArrowUp'
        ? -1
        : 0;
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (step === 0 || !collisionRect) return undefined;
  event.preventDefault();
  const targets = droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect ? [{ id: String(container.id), rect }] : [];
    })
    .sort((a, b) => order(a.id) - order(b.id));
  if (targets.length === 0) return undefined;
  const x = collisionRect.left + collisionRect.width / 2;
  const y = collisionRect.top + collisionRect.height / 2;
  // Where the badge is now: the target it is over, as announced. Its measured rectangles can be
  // a moment old (a message above the builder shifts it), so the geometry is only the fallback.
  const over = context.over ? targets.findIndex(({ id }) => id === String(context.over?.id)) : -1;
  const here =
    over >= 0
      ? over
      : targets.findIndex(
          ({ rect }) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom,
        );
  const next = targets[(here + step + targets.length) % targets.length];
  if (!next) return undefined;
  return {
    x: next.rect.left + next.rect.width / 2 - collisionRect.width / 2,
    y: next.rect.top + next.rect.height / 2 - collisionRect.height / 2,
  };
};

/** What a screen reader hears, in names rather than ids. */
export function teamAnnouncements(nameOf: (learnerId: number) => string): Announcements {
  const learner = (id: string | number) => nameOf(Number(String(id).replace('learner-', '')));
  const place = (id: string | number | undefined) =>
    id === undefined
      ? 'nowhere'
      : id === 'pool'
        ? 'the unassigned learners'
        : `Team ${Number(String(id).slice(5)) + 1}`;
  return {
    onDragStart: ({ active }) => `Picked up ${learner(active.id)}.`,
    onDragOver: ({ active, over }) => `${learner(active.id)} is over ${place(over?.id)}.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${learner(active.id)} was dropped on ${place(over.id)}.`
        : `${learner(active.id)} was dropped outside any team.`,
    onDragCancel: ({ active }) => `Moving ${learner(active.id)} was cancelled.`,
  };
}
