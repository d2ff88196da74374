// The live board of a cohort for the signed-in person: a change refetches the board (the GET
// sends If-None-Match, so what did not change costs little), reads the changed learner's record
// again (an open overlay shows the change) and marks the card another person changed; presence
// lists the others who have the board open.
import type { LiveActor } from '@lp/contract/live';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { invalidateCohortHealth } from '@/features/health';
import { invalidateLearner, invalidateLearnersOnScreen } from '@/features/learners';
import { useSession } from '@/lib/use-session.ts';
import { whenIdle } from '@/lib/when-idle.ts';
import { boardQueryKey } from '../api/get-board.ts';
import { studentActivityKey } from '../api/get-student-activity.ts';
import { useLatest } from '../components/use-latest.ts';
import { CardMarks, changeMark } from './card-marks.ts';
import { connectLive, type LiveStatus } from './live-connection.ts';

export interface LiveBoard {
  status: LiveStatus;
  /** Everyone else who has this board open now (the signed-in person left out). */
  viewers: readonly LiveActor[];
  marks: CardMarks;
}

export function useLiveBoard(cohortId: number | null): LiveBoard {
  const queryClient = useQueryClient();
  const selfId = useSession()?.profile.id ?? null;
  const self = useLatest(selfId);
  const [marks] = useState(() => new CardMarks());
  const [status, setStatus] = useState<LiveStatus>('off');
  const [present, setPresent] = useState<readonly LiveActor[]>([]);

  useEffect(() => {
    // Browsers all have EventSource; a test environment without one has no live board.
    if (cohortId === null || typeof EventSource === 'undefined') return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: boardQueryKey(cohortId) });
    // The stream opens once the board has rendered: its ticket, status and presence would
    // otherwise interrupt the first render of the cards.
    let stop = () => {};
    const cancel = whenIdle(() => {
      stop = connectLive(cohortId, {
        change: (change) => {
          refetch();
          const learnerId = change.student_id;
          if (learnerId === null) return;
          void invalidateLearner(queryClient, learnerId);
          // An open evaluation dialog shows the learner's latest commit and checks.
          if (change.kind === 'activity' || change.kind === 'repository')
            void queryClient.invalidateQueries({ queryKey: studentActivityKey(learnerId) });
          // Someone reached out: the learner's marker rests, though the board's own data is
          // unchanged.
          if (change.kind === 'intervention') void invalidateCohortHealth(queryClient, cohortId);
          const mark = changeMark(change, self.current);
          if (mark !== null) marks.show(learnerId, mark);
        },
        presence: (presence) => setPresent(presence.viewers),
        // Whatever was missed may concern an open learner record too (the board is under it).
        resync: () => void invalidateLearnersOnScreen(queryClient),
        status: setStatus,
      });
    });
    return () => {
      cancel();
      stop();
      marks.clear();
      setPresent([]);
      setStatus('off');
    };
  }, [cohortId, queryClient, marks, self]);

  const viewers = useMemo(
    () => present.filter((viewer) => viewer.id !== selfId),
    [present, selfId],
  );
  return { status, viewers, marks };
}
