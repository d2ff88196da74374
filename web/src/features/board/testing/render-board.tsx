// Test helpers: the board of the fixture course rendered in the app's providers (with its live
// stream and presence when asked: stub EventSource first, see @/test/fake-event-source.ts).
import type { StatusItem } from '@lp/contract/board';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { newQueryClient, renderWithProviders } from '@/test/render.tsx';
import { boardQueryKey, useBoard } from '../api/get-board.ts';
import type { LearnerDialogActions } from '../components/board-context.ts';
import { LearnerBoard } from '../components/learner-board.tsx';
import type { CardMarks } from '../live/card-marks.ts';
import { LivePresence } from '../live/live-presence.tsx';
import { useLiveBoard } from '../live/use-live-board.ts';
import type { ActivityFilter } from '../model/activity.ts';
import { course } from '../model/fixtures.ts';
import type { BoardLearner } from '../model/types.ts';

export const statuses: StatusItem[] = [
  { id: 1, status: 'In Progress' },
  { id: 2, status: 'Ready for Review' },
  { id: 3, status: 'Reviewed and Incomplete' },
  { id: 4, status: 'Reviewed and Complete' },
];

export const COHORT = 72;

interface HarnessProps {
  learners: BoardLearner[];
  dialogs: LearnerDialogActions;
  search: string;
  marks?: CardMarks;
  activityFilter?: ActivityFilter;
  /** Shown with the board, as the dashboard shows an open learner overlay. */
  beside?: ReactNode;
}

function Harness({ learners, dialogs, search, marks, activityFilter, beside }: HarnessProps) {
  const data = useBoard(COHORT).data ?? learners;
  return (
    <>
      <LearnerBoard
        cohortId={COHORT}
        course={course}
        learners={data}
        search={search}
        statuses={statuses}
        dialogs={dialogs}
        marks={marks}
        activityFilter={activityFilter}
      />
      {beside}
    </>
  );
}

function LiveHarness(props: HarnessProps) {
  const live = useLiveBoard(COHORT);
  return (
    <>
      <LivePresence live={live} />
      <Harness {...props} marks={live.marks} />
    </>
  );
}

/** The board of the fixture course with these learners (already cached, as after a load). */
export function renderBoard(
  learners: BoardLearner[],
  options: {
    search?: string;
    dialogs?: Partial<LearnerDialogActions>;
    live?: boolean;
    beside?: ReactNode;
    activityFilter?: ActivityFilter;
  } = {},
) {
  // Board data stays fresh, as right after a load: the tests decide when it changes.
  const queryClient = newQueryClient({ staleTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryData(boardQueryKey(COHORT), learners);
  const dialogs: LearnerDialogActions = {
    openOverlay: vi.fn(),
    openNotes: vi.fn(),
    openTags: vi.fn(),
    ...options.dialogs,
  };
  const Board = options.live ? LiveHarness : Harness;
  const { beside, activityFilter } = options;
  const view = renderWithProviders(
    <Board
      learners={learners}
      dialogs={dialogs}
      search={options.search ?? ''}
      beside={beside}
      activityFilter={activityFilter}
    />,
    { queryClient },
  );
  return {
    ...view,
    dialogs,
    rerenderWithSearch: (search: string) =>
      view.rerender(
        <Board
          learners={learners}
          dialogs={dialogs}
          search={search}
          beside={beside}
          activityFilter={activityFilter}
        />,
      ),
  };
}
