// The board (spec §2 Board, client.md §7.3–§7.7): learners of the active cohort in book and
// project columns, moved with the mouse or the keyboard (dnd-kit) or from the card menu.
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { StatusItem } from '@lp/contract/board';
import { STORAGE_KEYS } from '@lp/contract/constants';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { AttentionContext, type AttentionStore, useFlaggedLearners } from '@/features/health';
import { useSettings } from '@/lib/use-settings.ts';
import { LOAD_MARKS, markOnce } from '@/lib/user-timing.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { Loading } from '@/ui/loading.tsx';
import { type CardMarks, CardMarksContext } from '../live/card-marks.ts';
import {
  type ActivityFilter,
  activityFilterOn,
  activityFilter as activityPredicate,
  NO_ACTIVITY_FILTER,
} from '../model/activity.ts';
import { cardStatus } from '../model/card-status.ts';
import { buildBoard } from '../model/grouping.ts';
import { cardSize } from '../model/layout.ts';
import { learnerFilter, searchTerm } from '../model/search.ts';
import type { BoardCourse, BoardLearner } from '../model/types.ts';
import { boardView, dragView } from '../model/view.ts';
import { boardAnnouncements, screenReaderInstructions } from './announcements.ts';
import { BoardMenuContextValue, type LearnerDialogActions } from './board-context.ts';
import { BookColumn } from './book-column.tsx';
import { EvaluationDialog } from './evaluation-dialog.tsx';
import {
  columnCollisions,
  columnKeyboardCoordinates,
  type KeyboardColumn,
} from './keyboard-coordinates.ts';
import { CardFace } from './learner-card.tsx';
import { OffscreenCue } from './offscreen-cue.tsx';
import { POINTER_OPTIONS, PromptPointerSensor } from './prompt-pointer-sensor.ts';
import { UnplacedColumn } from './unplaced-column.tsx';
import { useBoardActions } from './use-board-actions.ts';
import { useElementWidth } from './use-element-width.ts';
import { useLatest } from './use-latest.ts';
import { useOffscreenColumns } from './use-offscreen-columns.ts';
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
  /** The live stream's marks on cards other people just changed (useLiveBoard). */
  marks?: CardMarks | null;
  /** The cohort's health: a marker on each flagged card (useBoardAttention). */
  attention?: AttentionStore | null;
  /** Shows only the learners who need attention (once the health has been read). */
  needsAttention?: boolean;
  /** The GitHub activity filters (ActivityFilters); none by default. */
  activityFilter?: ActivityFilter;
  /**
   * A learner whose self-assessment to evaluate at once (the health page's review queue links
   * here); `onEvaluateOpened` is told once it was looked for, found or not.
   */
  evaluate?: number | null;
  onEvaluateOpened?: (found: boolean) => void;
}

/**
 * A card held within the board's outer 8% scrolls it sideways (to the columns out of view); the
 * default 20% would scroll it from under a card dropped on a column near its edge.
 */
const AUTO_SCROLL = { threshold: { x: 0.08, y: 0.2 } };

/** Memoised: opening a dialog over the board re-renders the dashboard, not the board. */
export const LearnerBoard = memo(function LearnerBoard({
  cohortId,
  course,
  learners,
  search,
  statuses,
  dialogs,
  marks = null,
  attention = null,
  needsAttention = false,
  activityFilter = NO_ACTIVITY_FILTER,
  evaluate = null,
  onEvaluateOpened,
}: LearnerBoardProps) {
  const { tags: showTags, avatars: showAvatars, density } = useSettings();
  const board = useMemo(() => buildBoard(course, learners), [course, learners]);
  const deferredSearch = useDeferredValue(search);
  // Only a board filtered to flagged learners follows the flagged set; the cards follow their own.
  const flagged = useFlaggedLearners(needsAttention ? attention : null);
  const filtering = activityFilterOn(activityFilter);
  const searching = searchTerm(deferredSearch) !== null || flagged !== null || filtering;
  const matches = useMemo(() => {
    const found = learnerFilter(deferredSearch);
    const active = activityPredicate(activityFilter);
    return (learner: BoardLearner) =>
      (flagged === null || flagged.has(learner.id)) && active(learner) && found(learner);
  }, [deferredSearch, flagged, activityFilter]);
  const [draggedId, setDraggedId] = useState<number | null>(null);
  const dragged =
    draggedId === null ? null : (learners.find((learner) => learner.id === draggedId) ?? null);
  // The card size follows the board at rest, and a drag keeps its columns where they are.
  const restingView = useMemo(
    () => boardView(board, { matches, searching }),
    [board, matches, searching],
  );
  // The drag overlay shows in the first frame after the card is picked up; the columns the card
  // may go to open in the render after it, which the pointer's next moves need not wait for.
  const expandedFor = useDeferredValue(dragged);
  const view = useMemo(
    () => (expandedFor ? dragView(board, restingView, expandedFor) : restingView),
    [board, restingView, expandedFor],
  );
  // The cards render once the board's width is known, at the size that fits. Remembered from the
  // last visit at this window's width, they render at once; otherwise the empty frame is painted
  // and the cards follow in a task of their own once the browser reports its width. Either way in
  // one render that nothing arriving meanwhile interrupts (a background render was started over
  // for each query that arrived, several times per page load).
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const available = useElementWidth(frame, STORAGE_KEYS.boardWidth);
  const cardsShown = available !== null;
  useLayoutEffect(() => {
    if (cardsShown) markOnce(LOAD_MARKS.boardCards);
  }, [cardsShown]);
  const size = cardSize(density, restingView, available, showAvatars);
  const { offscreen, board: scroller, boardRef } = useOffscreenColumns();
  const { drop, handlers, menu, evaluating, openEvaluation, closeEvaluation, saveEvaluation } =
    useBoardActions({ cohortId, board, statuses, dialogs });
  useEffect(() => {
    if (evaluate === null) return;
    const learner = learners.find((candidate) => candidate.id === evaluate);
    if (learner) openEvaluation(learner);
    onEvaluateOpened?.(learner !== undefined);
  }, [evaluate, learners, openEvaluation, onEvaluateOpened]);

  const keyboardColumn = useRef<KeyboardColumn>({ current: null }).current;
  const coordinateGetter = useMemo(
    () => columnKeyboardCoordinates(keyboardColumn),
    [keyboardColumn],
  );
  const keyboardOptions = useMemo(() => ({ coordinateGetter }), [coordinateGetter]);
  const sensors = useSensors(
    useSensor(PromptPointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, keyboardOptions),
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

  const placementRef = useLatest(board.placement);
  const onDragStart = useCallback(
    (event: DragStartEvent) => {
      keyboardColumn.current = placementRef.current.get(Number(event.active.id)) ?? null;
      setDraggedId(Number(event.active.id));
    },
    [keyboardColumn, placementRef],
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
    drop(learner, String(over.id));
  };

  const compact = size === 'compact';
  const display = { showTags, showAvatars, compact, handlers };
  const assessmentNameOf = (bookId: number) =>
    board.books.find((book) => book.id === bookId)?.assessmentName ?? null;
  const nothingShown = view.books.length === 0 && view.unplaced.length === 0;

  return (
    <AttentionContext.Provider value={attention}>
      <CardMarksContext.Provider value={marks}>
        <BoardMenuContextValue.Provider value={menu}>
          <DndContext
            sensors={sensors}
            collisionDetection={columnCollisions}
            autoScroll={AUTO_SCROLL}
            accessibility={{ announcements, screenReaderInstructions }}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onDragCancel={onDragCancel}
          >
            {cardsShown && nothingShown ? (
              learners.length === 0 ? (
                <EmptyState title="No learners in this cohort yet." />
              ) : filtering && searchTerm(deferredSearch) === null ? (
                <EmptyState
                  title="No learners match the filters."
                  description="Turn off a GitHub activity filter to see more learners."
                />
              ) : flagged !== null && searchTerm(deferredSearch) === null ? (
                <EmptyState
                  title="No learner needs attention."
                  description="Turn off the 'Needs attention' filter to see every learner."
                />
              ) : (
                <EmptyState
                  title="No learners match the search."
                  description={`Nothing matches “${search.trim()}”.`}
                />
              )
            ) : (
              // The same frame while the board loads and once it shows: measured once, before the
              // cards render.
              <div className="lp-board-frame" ref={setFrame}>
                {!cardsShown ? (
                  <Loading label="Loading the board…" />
                ) : (
                  <>
                    <div
                      ref={boardRef}
                      className={`lp-board lp-board--${size}${view.expanded ? ' lp-board--expanded' : ''}`}
                      data-expanded={view.expanded}
                      data-density={size}
                    >
                      {view.unplaced.length > 0 && (
                        <UnplacedColumn learners={view.unplaced} {...display} />
                      )}
                      {view.books.map((book) => (
                        <BookColumn
                          key={book.id}
                          book={book}
                          assessmentName={assessmentNameOf(book.id)}
                          searching={searching}
                          {...display}
                        />
                      ))}
                      {view.more.length > 0 && (
                        <div className="lp-board__more">
                          {view.more.map((book) => (
                            <BookColumn
                              key={book.id}
                              book={book}
                              assessmentName={null}
                              searching={false}
                              more
                              {...display}
                            />
                          ))}
                        </div>
                      )}
                    </div>
                    <OffscreenCue side="left" hidden={offscreen.left} board={scroller} />
                    <OffscreenCue side="right" hidden={offscreen.right} board={scroller} />
                  </>
                )}
              </div>
            )}
            <DragOverlay dropAnimation={null}>
              {dragged ? (
                <div
                  className={`lp-card lp-card--overlay lp-card--${cardStatus(dragged.assessment_status_id).tone}${compact ? ' lp-card--compact' : ''}`}
                >
                  <CardFace
                    learner={dragged}
                    assessmentName={
                      dragged.book_id === null ? null : assessmentNameOf(dragged.book_id)
                    }
                    showTags={showTags}
                    showAvatars={showAvatars}
                    compact={compact}
                    handlers={handlers}
                    interactive={false}
                  />
                </div>
              ) : null}
            </DragOverlay>
          </DndContext>
          <EvaluationDialog
            // The card as the board has it now: GitHub's work arriving meanwhile shows in it.
            learner={
              evaluating && (learners.find((learner) => learner.id === evaluating.id) ?? evaluating)
            }
            course={course}
            onClose={closeEvaluation}
            onSave={saveEvaluation}
          />
        </BoardMenuContextValue.Provider>
      </CardMarksContext.Provider>
    </AttentionContext.Provider>
  );
});
