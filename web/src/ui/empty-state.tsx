import { Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

/** What an empty list says, so that "nothing here" never looks like "still loading". */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Flex direction="column" align="center" gap="2" py="6" className="lp-empty-state">
      <Text size="3" weight="medium">
        {title}
      </Text>
      {description && (
        <Text size="2" color="gray" align="center">
          {description}
        </Text>
      )}
      {action}
    </Flex>
  );
}
