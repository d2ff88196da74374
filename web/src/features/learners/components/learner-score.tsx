import { Text } from '@radix-ui/themes';

/** The learner's score (the weights of their achieved learning objectives), named as such. */
export function LearnerScore({ score }: { score: number }) {
  return (
    <Text className="lp-learner__score">
      <Text as="span" size="1" className="lp-learner__score-label">
        Score{' '}
      </Text>
      {score}
    </Text>
  );
}
