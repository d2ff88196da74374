// Picking a card up with the pointer. dnd-kit starts a drag from the pointer move that passes the
// activation distance; that move is dispatched at the start of a frame, but the state dnd-kit and
// the board set for it would render in a task of their own after that frame, so the drag overlay
// showed a frame or two late. Rendered at once, it is in the frame the pointer moved in.
import { PointerSensor, type PointerSensorProps } from '@dnd-kit/core';
import { flushSync } from 'react-dom';

/** How far the pointer moves, pressed, before it drags the card: less is a click. */
export const DRAG_DISTANCE_PX = 6;

// Its identity stays from render to render: a new one makes dnd-kit hand its context a new value,
// and every card (each reads it with useDraggable) renders again.
export const POINTER_OPTIONS = { activationConstraint: { distance: DRAG_DISTANCE_PX } };

export class PromptPointerSensor extends PointerSensor {
  constructor(props: PointerSensorProps) {
    super({
      ...props,
      // Only the start: the moves after it render as React schedules them.
      onStart: (coordinates) => flushSync(() => props.onStart(coordinates)),
    });
  }
}

/** Whether a press released here, having gone down at `from`, moved as far as a drag starts. */
export const movedLikeADrag = (
  from: { x: number; y: number } | null,
  to: { clientX: number; clientY: number },
) => from !== null && Math.hypot(to.clientX - from.x, to.clientY - from.y) >= DRAG_DISTANCE_PX;
