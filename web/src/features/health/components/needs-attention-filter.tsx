import { Button, Flex, Text } from '@radix-ui/themes';
import type { AttentionStore } from '../model/attention.ts';
import { useFlaggedLearners } from './use-board-attention.ts';

interface NeedsAttentionFilterProps {
  store: AttentionStore;
  on: boolean;
  onChange: (on: boolean) => void;
}

const showing = (count: number) =>
  count === 1
    ? 'Showing the 1 learner who needs attention'
    : `Showing the ${count} learners who need attention`;

/**
 * The board's 'needs attention' filter, with how many learners it concerns. Nothing shows until
 * the cohort's health has been read (nor when it could not be: the board works without it).
 */
export function NeedsAttentionFilter({ store, on, onChange }: NeedsAttentionFilterProps) {
  const flagged = useFlaggedLearners(store);
  if (flagged === null) return null;
  const count = flagged.size;
  return (
    <Flex align="center" gap="2">
      <Button
        size="1"
        variant={on ? 'solid' : 'soft'}
        color="amber"
        highContrast={!on}
        aria-pressed={on}
        onClick={() => onChange(!on)}
      >
        Needs attention ({count})
      </Button>
      <Text size="1" color="gray" role="status">
        {on ? showing(count) : ''}
      </Text>
    </Flex>
  );
}
