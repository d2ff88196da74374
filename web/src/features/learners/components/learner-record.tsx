// What the overlay and the learner page show: name, score, GitHub link, cohort, core skills,
// the objectives still to reach, repositories and GitHub activity, the history, and the actions.
import type { StudentDetail } from '@lp/contract/learners';
import { Flex, Heading, Link, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { ActivitySection, RepositoriesSection } from '@/features/github';
import { showWithUndo } from '../api/undo.ts';
import { CoreSkillsPanel } from './core-skills-panel.tsx';
import { LearnerActions, type LearnerActionsProps } from './learner-actions.tsx';
import { LearnerHistory } from './learner-history.tsx';
import { type LearnerPreview, LearnerPreviewHeader } from './learner-preview.tsx';
import { ObjectivesPanel } from './objectives-panel.tsx';
import './learners.css';
import { LearnerScore } from './learner-score.tsx';

export function LearnerHeader({ learner }: { learner: StudentDetail }) {
  const handle = learner.github_handle;
  return (
    <Flex direction="column" gap="1" mb="4">
      <Flex justify="between" align="start" gap="3">
        <Heading as="h2" size="6" className="lp-learner__name">
          {learner.name}
        </Heading>
        <LearnerScore score={learner.score} />
      </Flex>
      <Flex gap="4" wrap="wrap">
        <Text size="1">
          Github:{' '}
          {handle ? (
            <Link href={`https://www.github.com/${handle}`} target="_blank" rel="noreferrer">
              https://www.github.com/{handle}
            </Link>
          ) : (
            'not linked'
          )}
        </Text>
        <Text size="1">Cohort: {learner.current_cohort?.name ?? 'none'}</Text>
        <Text size="1">Project: {learner.project.name}</Text>
        {learner.cohorts.length > 1 && (
          <Text size="1" color="gray">
            Before:{' '}
            {learner.cohorts
              .filter((membership) => membership.left_at !== null)
              .map((membership) => membership.cohort.name)
              .join(', ')}
          </Text>
        )}
      </Flex>
    </Flex>
  );
}

interface LearnerRecordProps extends Omit<LearnerActionsProps, 'learner'> {
  learnerId: number;
  /** The record; until it is in, `preview` stands in for its header. */
  learner: StudentDetail | undefined;
  preview?: LearnerPreview;
}

/**
 * The panels, which load their own parts, keep their places (and so stay mounted) when the record
 * replaces the preview: only the header changes and the record's own parts are added.
 */
export function LearnerRecord({
  learnerId,
  learner,
  preview,
  onCleared,
  onDeleted,
}: LearnerRecordProps) {
  // The record's answer puts its header in the preview's place at once; the parts only the record
  // has (GitHub, the actions), which mount with requests and spinners of their own, follow in the
  // render after it (also when the record mounts with its answer), so that who the learner is
  // shows first.
  const record = useDeferredValue(learner ?? null, null);
  return (
    <>
      {learner ? (
        <LearnerHeader learner={learner} />
      ) : (
        preview && <LearnerPreviewHeader preview={preview} />
      )}
      <CoreSkillsPanel learnerId={learnerId} />
      <ObjectivesPanel learnerId={learnerId} />
      {record && <LearnerGithub learner={record} />}
      <LearnerHistory learnerId={learnerId} />
      {record && <LearnerActions learner={record} onCleared={onCleared} onDeleted={onDeleted} />}
    </>
  );
}

/** The learner's repositories and activity; a link or unlink is undone from this learner's History. */
function LearnerGithub({ learner }: { learner: StudentDetail }) {
  const queryClient = useQueryClient();
  return (
    <>
      <RepositoriesSection
        learnerId={learner.id}
        learnerName={learner.name}
        currentProject={learner.project.id > 0 ? learner.project : null}
        onUndoable={(text, historyId) => showWithUndo(queryClient, text, learner.id, historyId)}
      />
      <ActivitySection learnerId={learner.id} />
    </>
  );
}
