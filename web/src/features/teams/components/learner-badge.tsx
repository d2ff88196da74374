import { useDraggable } from '@dnd-kit/core';
import type { TeamLearner } from '../model/team-builder.ts';

/** A learner's name on an amber badge; draggable with the pointer or the keyboard. */
export function LearnerBadge({
  learner,
  draggable = true,
}: {
  learner: TeamLearner;
  draggable?: boolean;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `learner-${learner.id}`,
    data: { learnerId: learner.id },
    disabled: !draggable,
  });
  const style = transform
    ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` }
    : undefined;
  return (
    <span
      ref={setNodeRef}
      className={`teams-badge${isDragging ? ' teams-badge--dragging' : ''}`}
      style={style}
      data-learner-id={learner.id}
      {...(draggable ? listeners : {})}
      {...(draggable ? attributes : {})}
    >
      {learner.name}
    </span>
  );
}

/** A badge that cannot be moved (saved teams). */
export function StaticBadge({ name }: { name: string }) {
  return <span className="teams-badge">{name}</span>;
}
