import { Box, Card, Flex, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';

const STEPS = [
  'Click your profile picture in Slack.',
  'Choose "Profile".',
  'Open the ⋮ (more) menu.',
  'Choose "Copy member ID".',
];
const STEP_MS = 1800;

/**
 * Where Slack shows the member ID, as a looping step-by-step animation (our own drawing of the
 * steps instead of a screen recording). Stops on the last step when the user prefers less motion.
 */
export function SlackMemberIdAnimation() {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced) return;
    const timer = setInterval(() => setStep((current) => (current + 1) % STEPS.length), STEP_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Card size="3" aria-label="How to find your Slack member ID">
      <Flex direction="column" gap="2" asChild>
        <ol className="lp-student__list">
          {STEPS.map((text, index) => (
            <li key={text}>
              <Box
                p="2"
                style={{
                  borderRadius: 'var(--radius-2)',
                  background: index === step ? 'var(--indigo-4)' : 'var(--gray-2)',
                  transition: 'background 300ms',
                }}
              >
                <Text size="2" weight={index === step ? 'bold' : 'regular'}>
                  {index + 1}. {text}
                </Text>
              </Box>
            </li>
          ))}
        </ol>
      </Flex>
    </Card>
  );
}
