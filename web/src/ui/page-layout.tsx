import { Box, Flex, Heading } from '@radix-ui/themes';
import { type ReactNode, useEffect } from 'react';

interface PageLayoutProps {
  title: ReactNode;
  /** Buttons or links shown at the right of the heading. */
  actions?: ReactNode;
  /** Small line above the heading, e.g. a breadcrumb. */
  eyebrow?: ReactNode;
  children?: ReactNode;
}

/** The frame of a screen: heading, optional actions, content. */
export function PageLayout({ title, actions, eyebrow, children }: PageLayoutProps) {
  useEffect(() => {
    if (typeof title === 'string') document.title = `${title} · Learning Platform`;
  }, [title]);
  return (
    <Box px={{ initial: '3', sm: '5' }} py="4" className="lp-page">
      {eyebrow}
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="4">
        <Heading as="h1" size="6">
          {title}
        </Heading>
        {actions && (
          <Flex gap="2" wrap="wrap">
            {actions}
          </Flex>
        )}
      </Flex>
      {children}
    </Box>
  );
}
