import { Text } from '@radix-ui/themes';
import { PageLayout } from '../ui/page-layout.tsx';

/** Stands in for a screen that is not built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <PageLayout title={title}>
      <Text as="p" size="2" color="gray">
        This screen is on its way.
      </Text>
    </PageLayout>
  );
}
