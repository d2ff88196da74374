import { Flex, Heading, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  return (
    <Flex direction="column" align="center" gap="3" py="9" px="3">
      <Heading as="h1" size="6">
        Page not found
      </Heading>
      <Text size="2" color="gray">
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </Text>
      <Link asChild size="2">
        <RouterLink to="/">Go to the start page</RouterLink>
      </Link>
    </Flex>
  );
}
