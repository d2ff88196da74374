import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Project } from '@lp/contract/projects';
import type { CreateTeamsBatchBody } from '@lp/contract/teams';
import { Box, Button, Flex, Select, Text, TextField } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import {
  type BuilderState,
  changeTeamCount,
  type DropTarget,
  defaultTeamCount,
  emptyState,
  moveLearner,
  randomTeams,
  saveError,
  type TeamLearner,
} from '../model/team-builder.ts';
import { teamAnnouncements, teamCollisions, teamKeyboardCoordinates } from './keyboard.ts';
import { LearnerBadge } from './learner-badge.tsx';
import './teams.css';

const DROPPABLE_MEASURING = { droppable: { strategy: MeasuringStrategy.Always } };

interface TeamBuilderProps {
  cohortId: number;
  learners: TeamLearner[];
  /** Coaches of this cohort: added to every team (they join the Slack channels). */
  coachIds: number[];
  groupProjects: Project[];
  /** Saves all teams in one request; rejects with the reason on failure. */
  onSave: (body: CreateTeamsBatchBody) => Promise<unknown>;
  /** Shows a message in the feedback line ('Error…' shows as an error). */
  onMessage: (message: string) => void;
}

const dropTargetOf = (id: string): DropTarget | null => {
  if (id === 'pool') return { kind: 'pool' };
  const match = /^team-(\d+)$/.exec(id);
  return match ? { kind: 'team', index: Number(match[1]) } : null;
};

function TeamBox({ index, members }: { index: number; members: TeamLearner[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: `team-${index}` });
  return (
    <section
      ref={setNodeRef}
      className={`teams-box${isOver ? ' teams-box--over' : ''}`}
      aria-label={`Team ${index + 1}`}
    >
      <Text weight="bold" size="2">
        Team {index + 1}
      </Text>
      <div className="teams-box__members">
        {members.map((learner) => (
          <LearnerBadge key={learner.id} learner={learner} />
        ))}
      </div>
    </section>
  );
}

function Pool({ learners }: { learners: TeamLearner[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: 'pool' });
  return (
    <section
      ref={setNodeRef}
      className={`teams-pool${isOver ? ' teams-pool--over' : ''}`}
      aria-label="Unassigned learners"
    >
      {learners.length === 0 ? (
        <Text size="1" color="gray">
          Every learner is on a team. Drop a badge here to take it off its team.
        </Text>
      ) : (
        learners.map((learner) => <LearnerBadge key={learner.id} learner={learner} />)
      )}
    </section>
  );
}

/** Construction mode: choose a count, prefix and project, place learners, save. */
export function TeamBuilder({
  cohortId,
  learners,
  coachIds,
  groupProjects,
  onSave,
  onMessage,
}: TeamBuilderProps) {
  const initialCount = defaultTeamCount(learners.length);
  const [count, setCount] = useState(String(initialCount));
  const [state, setState] = useState<BuilderState>(() => emptyState(learners, initialCount));
  const [prefix, setPrefix] = useState('');
  const [project, setProject] = useState('none');
  const [saving, setSaving] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: teamKeyboardCoordinates }),
  );
  const announcements = useMemo(
    () => teamAnnouncements((id) => learners.find((l) => l.id === id)?.name ?? 'The learner'),
    [learners],
  );

  const teamCount = Number.parseInt(count, 10) || 0;

  const onCountChange = (value: string) => {
    setCount(value);
    const next = Number.parseInt(value, 10);
    setState((current) =>
      changeTeamCount(current, Number.isFinite(next) ? Math.min(Math.max(next, 0), 200) : 0),
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const target = dropTargetOf(String(over.id));
    const learnerId = (active.data.current as { learnerId?: number } | undefined)?.learnerId;
    if (!target || learnerId === undefined) return;
    if (!learners.some((l) => l.id === learnerId)) {
      console.warn('State out of sync');
      return;
    }
    setState((current) => moveLearner(current, learnerId, target));
  };

  const reset = () => {
    setCount(String(initialCount));
    setState(emptyState(learners, initialCount));
    setPrefix('');
    setProject('none');
  };

  const save = async () => {
    const problem = saveError(state.teams, prefix);
    if (problem) {
      onMessage(problem);
      return;
    }
    setSaving(true);
    try {
      await onSave({
        cohort: cohortId,
        weeklyPrefix: prefix.trim().toLowerCase(),
        groupProject: project === 'none' ? null : Number(project),
        teams: state.teams.map((team, index) => ({
          teamIndex: index + 1,
          students: [...team.map((l) => l.id), ...coachIds],
        })),
      });
      onMessage('Teams saved');
    } catch {
      onMessage('Error: Unable to save teams');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex direction="column" gap="3">
      <Flex gap="4" align="end" wrap="wrap">
        <Box>
          <Text as="div" size="2" weight="medium">
            How many teams:
          </Text>
          <TextField.Root
            type="number"
            min={0}
            value={count}
            onChange={(event) => onCountChange(event.target.value)}
            style={{ width: '4.5rem' }}
            aria-label="How many teams"
          />
        </Box>
        <Box>
          <Text as="div" size="2" weight="medium">
            Slack channel prefix:
          </Text>
          <TextField.Root
            value={prefix}
            onChange={(event) => setPrefix(event.target.value)}
            style={{ width: '8rem' }}
            aria-label="Slack channel prefix"
          />
          <Text as="div" size="1" color="gray">
            Will be suffixed with{' '}
            <span style={{ color: 'var(--lp-firebrick)' }}>-[cohort number]-[random id]</span>
          </Text>
        </Box>
        <Box>
          <Text as="div" size="2" weight="medium" id="teams-project-label">
            Choose Group Project
          </Text>
          <Select.Root value={project} onValueChange={setProject}>
            <Select.Trigger aria-labelledby="teams-project-label" />
            <Select.Content>
              <Select.Item value="none">N/A</Select.Item>
              {groupProjects.map((p) => (
                <Select.Item key={p.id} value={String(p.id)}>
                  {p.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Box>
        <Flex gap="2" ml="auto">
          <Button
            color="amber"
            variant="soft"
            onClick={() => setState(randomTeams(learners, teamCount))}
          >
            Random
          </Button>
          <Button color="blue" onClick={save} loading={saving}>
            Save
          </Button>
          <Button color="ruby" variant="soft" onClick={reset}>
            Reset
          </Button>
        </Flex>
      </Flex>
      <DndContext
        sensors={sensors}
        collisionDetection={teamCollisions}
        // The teams and the pool change size while a badge moves (a message above them, a badge
        // leaving a team): measured anew at each move, so an arrow key finds where they are now.
        measuring={DROPPABLE_MEASURING}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move a learner, press Space or Enter, use the arrow keys to choose a team or the unassigned learners, then press Space or Enter to drop, or Escape to cancel.',
          },
        }}
      >
        <div className="teams-boxes">
          {state.teams.map((team, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a team is its position (Team n)
            <TeamBox key={index} index={index} members={team} />
          ))}
        </div>
        <Text as="div" size="2" weight="medium">
          Unassigned learners
        </Text>
        <Pool learners={state.pool} />
      </DndContext>
    </Flex>
  );
}
