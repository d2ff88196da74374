import type { PasswordLink } from '@lp/contract/accounts';
import { PASSWORD_LINK_DAYS } from '@lp/contract/constants';
import { CopyIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { formatDateTime } from '@/lib/dates.ts';
import { useToast } from '@/ui/toasts/index.ts';

/**
 * A one-time set-password link, shown once (the server keeps only its hash), with a copy button
 * and what the learner does with it.
 */
export function OneTimeLink({ link, name }: { link: PasswordLink; name: string }) {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(link.password_link);
      toast.show('Link copied', { type: 'done', duration: 'short' });
    } catch {
      toast.show('Could not copy: select the link and copy it by hand.', { type: 'warning' });
    }
  }
  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="2">
        Send {name} this link. On it they choose their password and are signed in; then they sign in
        with their username and password. It works once, for {PASSWORD_LINK_DAYS} days (until{' '}
        {formatDateTime(link.expires_at)}).
      </Text>
      <output className="lp-chip" aria-label="One-time link" style={{ wordBreak: 'break-all' }}>
        {link.password_link}
      </output>
      <Flex>
        <Button onClick={copy}>
          <CopyIcon aria-hidden /> Copy link
        </Button>
      </Flex>
      <Callout.Root color="gray" size="1">
        <Callout.Text>
          This link is shown only now. If it gets lost or expires, make a new one with New password
          link in the learner's overlay.
        </Callout.Text>
      </Callout.Root>
    </Flex>
  );
}
