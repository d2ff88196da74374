// The board (spec §2 Board, client.md §7.3–§7.7): learners of the active cohort in book and
// project columns, moved with the mouse or the keyboard (dnd-kit) or from the card menu.
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { StatusItem } from '@lp/contract/board';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSettings } from '../../../lib/use-settings.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { toast } from '../../../ui/toasts/index.ts';
import { useBoardMutations } from '../api/board-mutations.ts';
import { cardStatus, type StatusChoice } from '../model/card-status.ts';
import { type DropDecision, decideBoardDrop, decideDrop } from '../model/drop-rules.ts';
import { buildBoard, UNPLACED_KEY } from '../model/grouping.ts';
import { assessmentStarted, assignedTo, statusSet } from '../model/optimistic.ts';
import { learnerFilter, searchTerm } from '../model/search.ts';
import type { BoardColumn, BoardCourse, BoardLearner } from '../model/types.ts';
import { boardView, type ViewColumn } from '../model/view.ts';
import { boardAnnouncements, screenReaderInstructions } from './announcements.ts';
import {
  type BoardMenuContext,
  BoardMenuContextValue,
  type CardHandlers,
  type LearnerDialogActions,
} from './board-context.ts';
import { BookColumn } from './book-column.tsx';
import { EvaluationDialog } from './evaluation-dialog.tsx';
import { columnCollisions, columnKeyboardCoordinates } from './keyboard-coordinates.ts';
import { CardFace } from './learner-card.tsx';
import { ProjectColumn } from './project-column.tsx';
import { useLatest } from './use-latest.ts';
import './board.css';

export interface LearnerBoardProps {
  cohortId: number;
  course: BoardCourse;
  learners: readonly BoardLearner[];
  /** The learner search text (applies above 2 characters). */
  search: string;
  statuses: readonly StatusItem[];
  /** Opens the learner overlay, notes and tag dialogs (the learners feature's). */
  dialogs: LearnerDialogActions;
}

const measuring = { droppable: { strategy: MeasuringStrategy.Always } };

export function LearnerBoard({
  cohortId,
  course,
  learners,
  search,
  statuses,
  dialogs,
}: LearnerBoardProps) {
  const { tags: showTags, avatars: showAvatars } = useSettings();
  const board = useMemo(() => buildBoard(course, learners), [course, learners]);
  const deferredSearch = useDeferredValue(search);
  const searching = searchTerm(deferredSearch) !== null;
  const matches = useMemo(() => learnerFilter(deferredSearch), [deferredSearch]);
  const [draggedId, setDraggedId] = useState<number | null>(null);
  const dragged =
    draggedId === null ? null : (learners.find((learner) => learner.id === draggedId) ?? null);
  const view = useMemo(
    () => boardView(board, { matches, searching, dragged }),
    [board, matches, searching, dragged],
  );
  const [evaluating, setEvaluating] = useState<BoardLearner | null>(null);
  const mutations = useBoardMutations(cohortId);

  const act = (learner: BoardLearner, decision: DropDecision, column: BoardColumn | undefined) => {
    switch (decision.type) {
      case 'none':
        return;
      case 'warning':
        toast.show(decision.message, { type: 'warning', duration: 'normal' });
        return;
      case 'error':
        toast.show(decision.message, { type: 'error', duration: 'normal' });
        return;
      case 'assess':
        mutations.assess.mutate({
          learner,
          patch: assessmentStarted,
          vars: { bookId: decision.bookId },
        });
        return;
      case 'assign': {
        const book = board.books.find((candidate) => candidate.id === column?.bookId);
        if (!book || !column) return;
        mutations.assign.mutate({
          learner,
          patch: assignedTo(book, column),
          vars: { projectId: decision.projectId, projectName: column.name },
        });
      }
    }
  };
  const columnByKey = (key: string) =>
    board.books.flatMap((book) => book.columns).find((column) => column.key === key);

  const latest = useLatest({ dialogs, act, board, mutations });

  const handlers = useMemo<CardHandlers>(
    () => ({
      openOverlay: (learner) => latest.current.dialogs.openOverlay(learner),
      openNotes: (learner) => latest.current.dialogs.openNotes(learner),
      openTags: (learner) => latest.current.dialogs.openTags(learner),
    }),
    [latest],
  );

  const menu = useMemo<BoardMenuContext>(
    () => ({
      board,
      statuses,
      moveTo: (learner, column) =>
        latest.current.act(learner, decideDrop(latest.current.board, learner, column), column),
      chooseStatus: (learner: BoardLearner, choice: StatusChoice) => {
        if (choice.needsEvaluation) {
          setEvaluating(learner);
          return;
        }
        latest.current.mutations.setStatus.mutate({
          learner,
          patch: statusSet(choice.id),
          vars: { statusId: choice.id, statusName: choice.status },
        });
      },
    }),
    [board, statuses, latest],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const learnersRef = useLatest(learners);
  const announcements = useMemo(
    () =>
      boardAnnouncements(
        (id) =>
          learnersRef.current.find((learner) => learner.id === Number(id))?.name ?? 'The learner',
      ),
    [learnersRef],
  );

  const onDragStart = useCallback(
    (event: DragStartEvent) => setDraggedId(Number(event.active.id)),
    [],
  );
  const onDragCancel = useCallback(() => setDraggedId(null), []);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDraggedId(null);
    if (!over) return;
    const learner = learners.find((candidate) => candidate.id === Number(active.id));
    if (!learner) {
      console.warn('State out of sync');
      return;
    }
    const key = String(over.id);
    act(learner, decideBoardDrop(board, learner, key), columnByKey(key));
  };

  const saveEvaluation = (learner: BoardLearner, feedback: string) => {
    const complete = statuses.find((status) => status.id === 4)?.status ?? 'Reviewed and Complete';
    return mutations.setStatus.mutateAsync({
      learner,
      patch: statusSet(4),
      vars: { statusId: 4, statusName: complete, instructorNotes: feedback },
    });
  };

  const display = { showTags, showAvatars, handlers };
  const assessmentNameOf = (bookId: number) =>
    board.books.find((book) => book.id === bookId)?.assessmentName ?? null;
  const nothingShown = view.books.length === 0 && view.unplaced.length === 0;

  return (
    <BoardMenuContextValue.Provider value={menu}>
      <DndContext
        sensors={sensors}
        collisionDetection={columnCollisions}
        measuring={measuring}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        {nothingShown ? (
          learners.length === 0 ? (
            <EmptyState title="No learners in this cohort yet." />
          ) : (
            <EmptyState
              title="No learners match the search."
              description={`Nothing matches “${search.trim()}”.`}
            />
          )
        ) : (
          <div
            className={`lp-board${view.expanded ? ' lp-board--expanded' : ''}`}
            data-expanded={view.expanded}
          >
            {view.unplaced.length > 0 && <UnplacedColumn learners={view.unplaced} {...display} />}
            {view.books.map((book) => (
              <BookColumn
                key={book.id}
                book={book}
                assessmentName={assessmentNameOf(book.id)}
                searching={searching}
                {...display}
              />
            ))}
          </div>
        )}
        <DragOverlay dropAnimation={null}>
          {dragged ? (
            <div
              className={`lp-card lp-card--overlay lp-card--${cardStatus(dragged.assessment_status_id).tone}`}
            >
              <CardFace
                learner={dragged}
                assessmentName={dragged.book_id === null ? null : assessmentNameOf(dragged.book_id)}
                showTags={showTags}
                showAvatars={showAvatars}
                handlers={handlers}
                interactive={false}
              />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <EvaluationDialog
        learner={evaluating}
        course={course}
        onClose={() => setEvaluating(null)}
        onSave={saveEvaluation}
      />
    </BoardMenuContextValue.Provider>
  );
}

function UnplacedColumn({
  learners,
  ...display
}: { learners: BoardLearner[] } & Omit<
  Parameters<typeof ProjectColumn>[0],
  'column' | 'bookName' | 'assessmentName'
>) {
  const column: ViewColumn = {
    key: UNPLACED_KEY,
    kind: 'project',
    bookId: 0,
    projectId: null,
    header: 'No project yet',
    name: 'No project yet',
    learners,
    droppable: false,
  };
  return (
    <section
      className="lp-book lp-unplaced"
      aria-label={`Not on this course, ${learners.length} ${learners.length === 1 ? 'learner' : 'learners'}`}
    >
      <h2 className="lp-book__header" style={{ margin: 0 }}>
        Not on this course
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
