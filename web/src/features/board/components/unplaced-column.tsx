import { UNPLACED_KEY } from '../model/grouping.ts';
import type { BoardLearner } from '../model/types.ts';
import type { ViewColumn } from '../model/view.ts';
import { type ColumnDisplay, ProjectColumn } from './project-column.tsx';

/** Learners with no project of the active course (new, or on another course's project). */
export function UnplacedColumn({
  learners,
  ...display
}: { learners: BoardLearner[] } & ColumnDisplay) {
  const column: ViewColumn = {
    key: UNPLACED_KEY,
    kind: 'project',
    bookId: 0,
    projectId: null,
    order: -1,
    header: 'No project yet',
    name: 'No project yet',
    learners,
    droppable: false,
  };
  const count = `${learners.length} ${learners.length === 1 ? 'learner' : 'learners'}`;
  return (
    <section className="lp-book lp-unplaced" aria-label={`Not on this course, ${count}`}>
      <h2 className="lp-book__header" style={{ margin: 0 }}>
        <span className="lp-book__label">Not on this course</span>
      </h2>
      <div className="lp-book__columns">
        <ProjectColumn
          column={column}
          bookName="Not on this course"
          assessmentName={null}
          {...display}
        />
      </div>
    </section>
  );
}
