import { Button, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { useSignInOptions } from './api/get-sign-in-options.ts';
import { startSchoolLink, useSchoolLink } from './api/school-link.ts';

/**
 * "Link your school account", where the server has the school's sign-in: the browser goes to
 * the school's provider and comes back to /auth/oidc, which says the account is linked. Shows
 * the link once made. On staff's Settings and the learner's Student Information card.
 */
export function SchoolLinkAction({ spaced = false }: { spaced?: boolean }) {
  const school = useSignInOptions().data?.oidc ?? null;
  const link = useSchoolLink(school !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const [going, setGoing] = useState(false);
  if (!school || !link.data) return null;

  const start = async () => {
    setGoing(true);
    setFailure(null);
    try {
      window.location.assign((await startSchoolLink()).url);
    } catch (error) {
      setFailure(errorText(error));
      setGoing(false);
    }
  };

  return (
    <Flex direction="column" gap="1" align="start" mt={spaced ? '3' : undefined}>
      {link.data.linked ? (
        <Text size="2">
          Your {school.name} account is linked
          {link.data.email ? ` (${link.data.email})` : ''}.
        </Text>
      ) : (
        <Button variant="ghost" onClick={start} loading={going}>
          Link your school account ({school.name})
        </Button>
      )}
      {failure && (
        <Text size="1" color="red" role="alert">
          {failure}
        </Text>
      )}
    </Flex>
  );
}
