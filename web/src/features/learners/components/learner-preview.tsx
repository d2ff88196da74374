// The overlay while the learner's record loads: what the board already knows (name, score,
// project) at once; the panels, which load their own parts alongside the record, are
// LearnerRecord's.
import { Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import './learners.css';
import { LearnerScore } from './learner-score.tsx';

/** What the board's card already shows of a learner. */
export interface LearnerPreview {
  name: string;
  score: number;
  /** The current project's name, or null without one. */
  project: string | null;
}

/** The header while the learner's record loads: what the board already knows. */
export function LearnerPreviewHeader({ preview }: { preview: LearnerPreview }) {
  return (
    <Flex direction="column" gap="1" mb="4">
      <Flex justify="between" align="start" gap="3">
        <Heading as="h2" size="6" className="lp-learner__name">
          {preview.name}
        </Heading>
        <LearnerScore score={preview.score} />
      </Flex>
      <Flex gap="4" wrap="wrap" align="center">
        <Text size="1">Project: {preview.project ?? 'Unassigned'}</Text>
        <Text size="1" color="gray" role="status">
          <Flex as="span" gap="1" align="center">
            <Spinner size="1" /> Loading the learner's record…
          </Flex>
        </Text>
      </Flex>
    </Flex>
  );
}
