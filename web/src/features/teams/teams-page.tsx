import type { Team } from '@lp/contract/teams';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { Box, Button, Callout, Flex, Link, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useBoard } from '@/features/board';
import { useCohort } from '@/features/cohorts';
import { JobProgress } from '@/features/jobs';
import { getActiveCohort } from '@/lib/session.ts';
import { useConfirm } from '@/ui/dialog/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import {
  showTeamsChange,
  teamsQueryKey,
  useDeleteTeams,
  useGroupProjects,
  useMigrateTickets,
  useSaveTeams,
  useTeams,
} from './api/teams-api.ts';
import { StaticBadge } from './components/learner-badge.tsx';
import { TeamBuilder } from './components/team-builder.tsx';
import { byScore } from './model/team-builder.ts';
import './components/teams.css';

const teamsWord = (n: number) => `${n} ${n === 1 ? 'team' : 'teams'}`;

/** The feedback line: 'Error…' as an error, anything else as feedback; clears after 3 s. */
function useFeedback() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(''), 3000);
    return () => window.clearTimeout(timer);
  }, [message]);
  return [message, setMessage] as const;
}

function Feedback({ message }: { message: string }) {
  return (
    <Box className="teams-feedback" role="status" aria-live="polite">
      {message && (
        <Callout.Root color={message.includes('Error') ? 'red' : 'blue'} size="1">
          <Callout.Text>{message}</Callout.Text>
        </Callout.Root>
      )}
    </Box>
  );
}

function SavedTeams({
  teams,
  onMessage,
  onJob,
}: {
  teams: Team[];
  onMessage: (message: string) => void;
  onJob: (jobId: number) => void;
}) {
  const migrate = useMigrateTickets();
  return (
    <div className="teams-boxes">
      {teams.map((team) => (
        <section key={team.id} className="teams-box" aria-label={team.group_name}>
          <Text weight="bold" size="2">
            {team.group_name || `Team ${team.team_index}`}
          </Text>
          <div className="teams-box__members">
            {team.students.map((student) => (
              <StaticBadge key={student.id} name={student.name} />
            ))}
          </div>
          {team.slack_channel ? <Text size="1">Slack channel {team.slack_channel}</Text> : null}
          {team.repositories.map((repository) => (
            <Link
              key={repository.id}
              size="1"
              href={repository.repository}
              target="_blank"
              rel="noreferrer"
            >
              {repository.repository.replace('https://github.com/', '')}
            </Link>
          ))}
          <Button
            size="1"
            color="green"
            loading={migrate.isPending && migrate.variables === team.id}
            onClick={() =>
              migrate.mutate(team.id, {
                onSuccess: (answer) => {
                  onMessage('Tickets migration initiated');
                  onJob(answer.job_id);
                },
                onError: (error) => onMessage(`Error: ${error.message}`),
              })
            }
          >
            Migrate tickets
          </Button>
        </section>
      ))}
    </div>
  );
}

function TeamsScreen({ cohortId }: { cohortId: number }) {
  const [message, setMessage] = useFeedback();
  const confirm = useConfirm();
  const teams = useTeams(cohortId);
  const board = useBoard(cohortId);
  const cohort = useCohort(cohortId);
  const projects = useGroupProjects();
  const save = useSaveTeams(cohortId);
  const remove = useDeleteTeams(cohortId);
  const queryClient = useQueryClient();
  // The job of the latest save or migration, followed until it ends.
  const [job, setJob] = useState<{ id: number; title: string } | null>(null);
  const refreshTeams = useCallback(
    () => queryClient.invalidateQueries({ queryKey: teamsQueryKey(cohortId) }),
    [queryClient, cohortId],
  );
  const learners = useMemo(
    () => byScore((board.data ?? []).map(({ id, name, score }) => ({ id, name, score }))),
    [board.data],
  );

  if (teams.isError || board.isError)
    return (
      <Callout.Root color="red">
        <Callout.Text>
          Error: {(teams.error ?? board.error)?.message ?? 'Unable to load the teams'}
        </Callout.Text>
      </Callout.Root>
    );
  if (teams.isPending || board.isPending || cohort.isPending) return <Loading />;

  const saved = teams.data;
  const deleteAll = async () => {
    const ok = await confirm({
      title: 'Delete current teams?',
      description: `All ${saved.length} saved teams of this cohort will be deleted.`,
      confirmLabel: 'Delete Current Teams',
      destructive: true,
    });
    if (!ok) return;
    const count = saved.length;
    remove.mutate(undefined, {
      onSuccess: ({ historyId }) => {
        setMessage('Teams deleted');
        showTeamsChange(queryClient, cohortId, `${teamsWord(count)} deleted.`, historyId);
      },
      onError: (error) => setMessage(`Error: ${error.message}`),
    });
  };

  return (
    <Flex direction="column" gap="3">
      <Box className="teams-note">
        <InfoCircledIcon aria-hidden className="teams-note__icon" /> This tool builds the weekly
        teams for the client-side course, or the teams for a specific group project. Keep N/A
        selected for weekly teams.
      </Box>
      {saved.length > 0 ? (
        <Flex>
          <Button color="red" onClick={deleteAll} loading={remove.isPending}>
            Delete Current Teams
          </Button>
        </Flex>
      ) : null}
      <Feedback message={message} />
      {job ? (
        <>
          <JobProgress key={job.id} jobId={job.id} title={job.title} onProgress={refreshTeams} />
          <Text size="1">
            <Link asChild>
              <RouterLink to="/jobs">All recent jobs of this cohort</RouterLink>
            </Link>
          </Text>
        </>
      ) : null}
      {saved.length > 0 ? (
        <SavedTeams
          teams={saved}
          onMessage={setMessage}
          onJob={(id) => setJob({ id, title: 'Ticket migration' })}
        />
      ) : learners.length === 0 ? (
        <EmptyState
          title="No learners in this cohort"
          description="Teams are built from the learners of the active cohort."
        />
      ) : (
        <TeamBuilder
          key={learners.map((l) => l.id).join(',')}
          cohortId={cohortId}
          learners={learners}
          coachIds={(cohort.data?.coaches ?? []).map((coach) => coach.id)}
          groupProjects={projects.data ?? []}
          onSave={async (body) => {
            const { body: answer, historyId } = await save.mutateAsync(body);
            if (answer.job_id !== null)
              setJob({ id: answer.job_id, title: 'Slack channels and repositories' });
            // What was not done outside the database (Slack channels, repositories), said plainly,
            // beside the Undo that deletes these teams again.
            const note = answer.message.replace(/^Teams saved\.\s*/, '');
            const text = [`${teamsWord(answer.teams.length)} saved.`, note].filter(Boolean);
            showTeamsChange(queryClient, cohortId, text.join(' '), historyId);
          }}
          onMessage={setMessage}
        />
      )}
    </Flex>
  );
}

/** Teams builder (/teams) for the active cohort. */
export default function TeamsPage() {
  const cohortId = getActiveCohort();
  return (
    <PageLayout title="Teams">
      {cohortId === null ? (
        <EmptyState
          title="No active cohort"
          description="Choose a cohort on the Cohorts page first; teams are built for the active cohort."
        />
      ) : (
        <TeamsScreen cohortId={cohortId} />
      )}
    </PageLayout>
  );
}
