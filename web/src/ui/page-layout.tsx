import { Box, Flex, Heading } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './document-title.ts';

interface PageLayoutProps {
  title: ReactNode;
  /** The screen's name in the browser tab when `title` is not plain text (e.g. a breadcrumb). */
  documentTitle?: string;
  /** Buttons or links shown at the right of the heading. */
  actions?: ReactNode;
  /** Small line above the heading, e.g. a breadcrumb. */
  eyebrow?: ReactNode;
  children?: ReactNode;
}

/** The frame of a screen: heading, optional actions, content. */
export function PageLayout({ title, documentTitle, actions, eyebrow, children }: PageLayoutProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <Box px="var(--lp-gutter)" py="4" className="lp-page">
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
