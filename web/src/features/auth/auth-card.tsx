import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/ui/document-title.ts';

/** The frame of the pages one reaches before signing in: a card in the middle, with a heading. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Flex asChild align="center" justify="center" minHeight="100vh" p="4">
      <main>
        <Card size="4" style={{ width: '100%', maxWidth: 420 }}>
          <Flex direction="column" gap="4">
            <Flex direction="column" gap="1">
              <Heading as="h1" size="6">
                {title}
              </Heading>
              {lead && (
                <Text as="p" size="2" color="gray">
                  {lead}
                </Text>
              )}
            </Flex>
            {children}
          </Flex>
        </Card>
      </main>
    </Flex>
  );
}
