// The instructor dashboard at '/' (spec §2 Dashboard): the cohort strip, then the learner board
// with upcoming events and the shortcuts panel, or the proposal list for a capstone cohort.
import { Button, Callout, Flex, Link } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import {
  type ActivityFilter,
  ActivityFilters,
  LearnerBoard,
  LivePresence,
  NO_ACTIVITY_FILTER,
  useActiveCourse,
  useBoard,
  useLiveBoard,
  useStatuses,
} from '@/features/board';
import { UpcomingEventsPanel } from '@/features/calendar';
import { mvpCounter, ProposalList } from '@/features/capstones';
import { useCohort } from '@/features/cohorts';
import { NeedsAttentionFilter, useBoardAttention } from '@/features/health';
import { fetchCoachedCohorts } from '@/lib/profile-api.ts';
import { idParam } from '@/lib/urls.ts';
import { useSettings } from '@/lib/use-settings.ts';
import { useDocumentTitle } from '@/ui/document-title.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { Loading } from '@/ui/loading.tsx';
import { useShortcut } from '@/ui/shortcuts/index.ts';
import { toast } from '@/ui/toasts/index.ts';
import { BOARD_PANEL_ID, BoardToolbar } from './board-toolbar.tsx';
import { CohortStrip } from './cohort-strip.tsx';
import { useLearnerDialogs } from './learner-dialogs.tsx';
import { ShortcutsPanel } from './shortcuts-panel.tsx';
import { useActiveCohort } from './use-active-cohort.ts';
import './dashboard.css';

const NO_STATUSES: never[] = [];

export const NO_COHORT_WARNING = 'You have not joined a cohort. Please choose one.';

export default function DashboardPage() {
  const [cohortId, chooseCohort] = useActiveCohort();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const warned = useRef(false);
  useEffect(() => {
    if (cohortId !== null || warned.current) return;
    warned.current = true;
    // Someone who went elsewhere meanwhile (a navbar link right after sign-in) stays there. While
    // the screen they chose still loads, the router keeps this one mounted (navigation is a React
    // transition), so the address, already changed, is what tells.
    let here = true;
    const address = window.location.href;
    // No active cohort (e.g. the coach just left it): show another cohort they coach, read fresh
    // from the server; only someone who coaches none is sent to choose one.
    fetchCoachedCohorts(queryClient)
      .then((coached) => coached[0]?.id ?? null)
      .catch(() => null)
      .then((coached) => {
        if (!here || window.location.href !== address) return;
        if (coached !== null) return chooseCohort(coached);
        toast.show(NO_COHORT_WARNING, { type: 'warning', duration: 'normal' });
        navigate('/cohorts', { replace: true });
      });
    return () => {
      here = false;
      warned.current = false;
    };
  }, [cohortId, chooseCohort, navigate, queryClient]);
  if (cohortId === null) return null;
  return <Dashboard cohortId={cohortId} onChooseCohort={chooseCohort} />;
}

function Dashboard({
  cohortId,
  onChooseCohort,
}: {
  cohortId: number;
  onChooseCohort: (id: number) => void;
}) {
  const cohort = useCohort(cohortId);
  const course = useActiveCourse(cohortId);
  const board = useBoard(cohortId);
  const live = useLiveBoard(cohortId);
  const statuses = useStatuses();
  const dialogs = useLearnerDialogs();
  const { boardPanel } = useSettings();
  const [search, setSearch] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const cohortSearchRef = useRef<HTMLInputElement>(null);
  useShortcut('s l', () => searchRef.current?.focus());
  useShortcut('s c', () => cohortSearchRef.current?.focus());
  useDocumentTitle(cohort.data ? `Board: ${cohort.data.name}` : 'Board');

  const capstone = cohort.data?.capstone === true;
  const learners = board.data ?? [];
  // Read once the cohort is known to have a board (a capstone cohort shows proposals instead).
  const attention = useBoardAttention(cohort.data && !capstone ? cohortId : null, board.data);
  const [needsAttention, setNeedsAttention] = useState(false);
  const [activityFilter, setActivityFilter] = useState<ActivityFilter>(NO_ACTIVITY_FILTER);
  const courseName = course.data?.name ?? '';
  const failed = [cohort, course, board].find((query) => query.isError);
  const evaluate = useEvaluateParam();

  let body: ReactNode;
  if (failed) {
    body = (
      <Callout.Root color="red" role="alert" mt="4">
        <Callout.Text>
          Could not load this cohort's dashboard: {failed.error?.message}{' '}
          <Button size="1" variant="soft" onClick={() => failed.refetch()}>
            Try again
          </Button>{' '}
          <Link asChild size="2">
            <RouterLink to="/cohorts">Choose another cohort</RouterLink>
          </Link>
        </Callout.Text>
      </Callout.Root>
    );
  } else if (cohort.isPending || course.isPending || board.isPending) {
    body = <Loading label="Loading the board…" />;
  } else if (!course.data) {
    body = (
      <EmptyState
        title="This cohort has no active course."
        description="Choose the cohort's course on the Cohorts screen to see its board."
      />
    );
  } else if (capstone) {
    body = (
      <>
        <LivePresence live={live} />
        <ProposalList
          cohortId={cohortId}
          courseName={courseName}
          learners={learners}
          search={search}
          dialogs={dialogs.actions}
        />
      </>
    );
  } else {
    body = (
      <>
        <BoardToolbar>
          <Flex align="center" gapX="3" gapY="2" wrap="wrap">
            <NeedsAttentionFilter
              store={attention}
              on={needsAttention}
              onChange={setNeedsAttention}
            />
            <ActivityFilters
              learners={learners}
              value={activityFilter}
              onChange={setActivityFilter}
            />
            <Link asChild size="2">
              <RouterLink to={`/cohorts/${cohortId}/health`}>Cohort health</RouterLink>
            </Link>
          </Flex>
          <LivePresence live={live} />
        </BoardToolbar>
        <Flex gap="4" align="start" className="lp-dashboard__body">
          <div className="lp-dashboard__board">
            <LearnerBoard
              cohortId={cohortId}
              course={course.data}
              learners={learners}
              search={search}
              statuses={statuses.data ?? NO_STATUSES}
              dialogs={dialogs.actions}
              marks={live.marks}
              attention={attention}
              needsAttention={needsAttention}
              activityFilter={activityFilter}
              evaluate={evaluate.learnerId}
              onEvaluateOpened={evaluate.opened}
            />
          </div>
          {boardPanel && (
            <aside
              className="lp-dashboard__side"
              id={BOARD_PANEL_ID}
              aria-label="Events and shortcuts"
            >
              <UpcomingEventsPanel cohortId={cohortId} timeZone={cohort.data?.time_zone} />
              <ShortcutsPanel />
            </aside>
          )}
        </Flex>
      </>
    );
  }

  return (
    <div className="lp-dashboard">
      <CohortStrip
        cohortId={cohortId}
        onChooseCohort={onChooseCohort}
        search={search}
        onSearch={setSearch}
        searchRef={searchRef}
        cohortSearchRef={cohortSearchRef}
        mvp={capstone && course.data ? mvpCounter(learners, courseName) : null}
      />
      <h1 className="lp-visually-hidden">Students</h1>
      {body}
      {capstone && (
        <div className="lp-dashboard__shortcuts">
          <ShortcutsPanel />
        </div>
      )}
      {dialogs.element}
    </div>
  );
}

/**
 * `?evaluate=<learner id>`: the self-assessment to evaluate as the board opens (the health page's
 * review queue links here). The address drops it once the board looked for the learner.
 */
function useEvaluateParam() {
  const [params, setParams] = useSearchParams();
  const id = idParam(params.get('evaluate') ?? undefined);
  const opened = useCallback(
    (found: boolean) => {
      setParams(
        (current) => {
          current.delete('evaluate');
          return current;
        },
        { replace: true },
      );
      if (!found)
        toast.show("That learner is not on this cohort's board any more.", {
          type: 'warning',
          duration: 'normal',
        });
    },
    [setParams],
  );
  return { learnerId: Number.isNaN(id) ? null : id, opened };
}
