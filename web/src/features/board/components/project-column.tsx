import { useDroppable } from '@dnd-kit/core';
import { type CSSProperties, memo } from 'react';
import { rowsPerColumn } from '../model/layout.ts';
import type { ViewColumn } from '../model/view.ts';
import type { CardHandlers } from './board-context.ts';
import { PeopleIcon } from './icons.tsx';
import { LearnerCard } from './learner-card.tsx';

export interface ColumnDisplay {
  showTags: boolean;
  showAvatars: boolean;
  /** Smaller cards, so that a whole cohort fits across the screen. */
  compact: boolean;
  handlers: CardHandlers;
}

interface ProjectColumnProps extends ColumnDisplay {
  column: ViewColumn;
  bookName: string;
  assessmentName: string | null;
}

export const ProjectColumn = memo(function ProjectColumn(props: ProjectColumnProps) {
  const { column, bookName, assessmentName, showTags, showAvatars, compact, handlers } = props;
  const label =
    column.kind === 'assessment'
      ? `${bookName}, ${column.name} self-assessment`
      : `${bookName}, ${column.name}`;
  const { setNodeRef, isOver } = useDroppable({
    id: column.key,
    disabled: !column.droppable,
    data: { label, order: column.order },
  });
  const rows = Math.max(
    1,
    Math.min(
      column.learners.length,
      rowsPerColumn(compact ? 'compact' : 'comfortable', showAvatars),
    ),
  );
  const classes = [
    'lp-column',
    `lp-column--${column.kind}`,
    column.droppable ? 'lp-column--droppable' : '',
    isOver ? 'lp-column--over' : '',
  ].join(' ');
  return (
    <section ref={setNodeRef} className={classes} aria-label={label} data-column={column.key}>
      <h3 className="lp-column__header" title={column.name} style={{ margin: 0 }}>
        {column.kind === 'group' && <PeopleIcon label="Group project" />}
        {column.kind === 'assessment' && (
          <span className="lp-visually-hidden">Self-assessment: </span>
        )}
        <span className="lp-column__name">{column.header}</span>
      </h3>
      <div className="lp-column__cards" style={{ '--lp-rows': rows } as CSSProperties}>
        {column.learners.map((learner) => (
          <LearnerCard
            key={learner.id}
            learner={learner}
            assessmentName={assessmentName}
            showTags={showTags}
            showAvatars={showAvatars}
            compact={compact}
            handlers={handlers}
          />
        ))}
      </div>
    </section>
  );
});
