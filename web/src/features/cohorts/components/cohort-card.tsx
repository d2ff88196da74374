import type { Cohort } from '@lp/contract/cohorts';
import { TOAST_DURATION } from '@lp/contract/constants';
import { PersonIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Link, Text } from '@radix-ui/themes';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { formatDay } from '@/lib/dates.ts';
import { fetchCoachedCohorts } from '@/lib/profile-api.ts';
import { chooseActiveCohort, forgetActiveCohort, getActiveCohort } from '@/lib/session.ts';
import { useToast } from '@/ui/toasts/index.ts';
import {
  joinCohort,
  leaveCohort,
  updateCohort,
  useJoinCohort,
  useLeaveCohort,
  useUpdateCohort,
} from '../api/cohorts-api.ts';
import { useCohortChange } from './cohort-undo.ts';
import { SlackChannelEditor } from './slack-channel-editor.tsx';

interface CohortCardProps {
  cohort: Cohort;
  onOpen(cohortId: number): void;
}

function ExternalLink({ href, children }: { href: string | null; children: string }) {
  if (!href) {
    return (
      <Text size="1" color="gray" title={`No ${children} link yet`}>
        {children}
      </Text>
    );
  }
  return (
    <Link size="1" href={href} target="_blank" rel="noreferrer">
      {children}
    </Link>
  );
}

/**
 * After leaving `left`: when it was the active cohort, another cohort the person still coaches
 * becomes the active one (none: the active cohort is forgotten). Answers the toast to show.
 * `stillLeft` says whether the cohort is still left once the coached cohorts have arrived: joined
 * again meanwhile, it stays the active cohort.
 */
async function afterLeaving(
  queryClient: QueryClient,
  left: Cohort,
  stillLeft: () => boolean,
): Promise<{ message: string; type: 'info' | 'warning' }> {
  const plain = { message: `You left ${left.name}`, type: 'info' } as const;
  if (getActiveCohort() !== left.id) return plain;
  const coached = await fetchCoachedCohorts(queryClient).catch(() => null);
  if (!stillLeft()) return plain;
  // Unreadable now: the dashboard looks for another cohort when it next opens.
  if (coached === null) {
    forgetActiveCohort();
    return plain;
  }
  const next = coached.find((cohort) => cohort.id !== left.id);
  if (!next) {
    forgetActiveCohort();
    return {
      message: `Left ${left.name}. You coach no other cohort now: join one to see its board.`,
      type: 'warning',
    };
  }
  chooseActiveCohort(next.id);
  return { message: `Left ${left.name}. Now working in ${next.name}.`, type: 'info' };
}

/**
 * Joins and leaves asked for, by cohort: a leave's follow-up is moot once the cohort was joined
 * again (by the card, or a card of it shown after a refetch).
 */
const actionsOn = new Map<number, number>();

/** One cohort in the list: Join/Leave, name (opens the overlay), dates, links, count, Slack id. */
export function CohortCard({ cohort, onOpen }: CohortCardProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const join = useJoinCohort();
  const leave = useLeaveCohort();
  const update = useUpdateCohort();
  const showChange = useCohortChange();
  const mine = cohort.is_instructor === 1;
  function onJoinOrLeave() {
    const action = (actionsOn.get(cohort.id) ?? 0) + 1;
    actionsOn.set(cohort.id, action);
    const onError = (error: Error) =>
      toast.show(error.message, { type: 'error', duration: TOAST_DURATION.normal });
    const activeBefore = getActiveCohort();
    if (mine) {
      leave.mutate(cohort.id, {
        onSuccess: async () => {
          const stillLeft = () => actionsOn.get(cohort.id) === action;
          const { message, type } = await afterLeaving(queryClient, cohort, stillLeft);
          showChange({
            done: message,
            warning: type === 'warning',
            undo: async () => {
              await joinCohort(cohort.id);
              // It was the cohort worked in: it is again.
              if (activeBefore === cohort.id) chooseActiveCohort(cohort.id);
            },
            undone: `You coach ${cohort.name} again.`,
          });
        },
        onError,
      });
    } else {
      join.mutate(cohort.id, {
        onSuccess: () => {
          chooseActiveCohort(cohort.id);
          showChange({
            done: `You joined ${cohort.name}`,
            undo: async () => {
              await leaveCohort(cohort.id);
              // Back to the cohort worked in before, unless another was chosen since.
              if (getActiveCohort() !== cohort.id) return;
              if (activeBefore === null) forgetActiveCohort();
              else chooseActiveCohort(activeBefore);
            },
            undone: `You left ${cohort.name} again.`,
          });
        },
        onError,
      });
    }
  }

  /** Saves the channel id; the toast's Undo saves the one before again. */
  function onSaveSlack(slackChannel: string) {
    const before = cohort.slack_channel ?? '';
    update.mutate(
      { id: cohort.id, slack_channel: slackChannel },
      {
        onSuccess: () =>
          showChange({
            done: `${cohort.name}: Slack channel ID saved.`,
            undo: () => updateCohort({ id: cohort.id, slack_channel: before }),
            undone: `Slack channel ID of ${cohort.name} put back`,
          }),
        onError: (error) => toast.show(error.message, { type: 'error', duration: 'normal' }),
      },
    );
  }

  return (
    <Card
      className={`lp-cohort-card${mine ? ' is-mine' : ''}`}
      data-testid="cohort-card"
      aria-label={cohort.name}
      role="group"
    >
      <Flex justify="between" align="start" gap="2">
        <button type="button" className="lp-cohort-card__name" onClick={() => onOpen(cohort.id)}>
          {cohort.name}
        </button>
        <Button
          size="1"
          variant="ghost"
          loading={join.isPending || leave.isPending}
          onClick={onJoinOrLeave}
        >
          {mine ? 'Leave' : 'Join'}
        </Button>
      </Flex>
      <Flex justify="between" mt="2">
        <Text size="1">{formatDay(cohort.start_date)}</Text>
        <Text size="1">{formatDay(cohort.end_date)}</Text>
      </Flex>
      <Flex justify="between" mt="1">
        <ExternalLink href={cohort.student_organization_url}>Github Org</ExternalLink>
        <Link asChild size="1">
          <RouterLink to={`/cohorts/${cohort.id}/health`}>Health</RouterLink>
        </Link>
        <ExternalLink href={cohort.attendance_sheet_url}>Attendance</ExternalLink>
      </Flex>
      <Flex justify="between" align="center" className="lp-cohort-card__footer">
        <Flex align="center" gap="1" aria-label={`${cohort.students} students`}>
          <PersonIcon aria-hidden />
          <Text size="1">{cohort.students}</Text>
        </Flex>
        <SlackChannelEditor
          value={cohort.slack_channel}
          saving={update.isPending}
          onSave={onSaveSlack}
        />
      </Flex>
    </Card>
  );
}
