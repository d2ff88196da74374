import { Flex, Spinner, Text } from '@radix-ui/themes';

/** A centred spinner with a text that screen readers announce. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Flex role="status" align="center" justify="center" gap="2" py="6">
      <Spinner size="3" />
      <Text size="2" color="gray">
        {label}
      </Text>
    </Flex>
  );
}
