import { CopyIcon } from '@radix-ui/react-icons';
import { Button, Callout, Code, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import { useToast } from '@/ui/toasts/index.ts';

/**
 * A secret the server shows once (an API token, a webhook's signing secret), with a copy button
 * that takes the focus. `what` names it: 'token', 'signing secret'.
 */
export function SecretOnce({
  title,
  label,
  what,
  secret,
  onDone,
}: {
  /** The region's name and first line: 'Copy the token “Nightly export” now…'. */
  title: string;
  label: string;
  what: string;
  secret: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const copyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => copyButton.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.show(`Copied the ${what}`, { type: 'done', duration: 1000 });
    } catch {
      toast.show(`Could not copy: select the ${what} and copy it by hand.`, { type: 'warning' });
    }
  }

  return (
    <Callout.Root color="green" role="region" aria-label={label}>
      <Callout.Text>
        <Text weight="bold">{title}</Text>
      </Callout.Text>
      <Flex gap="2" align="center" wrap="wrap" mt="2">
        <Code
          size="2"
          aria-label={what[0]?.toUpperCase() + what.slice(1)}
          style={{ wordBreak: 'break-all' }}
        >
          {secret}
        </Code>
        <Button ref={copyButton} size="1" variant="soft" onClick={() => void copy()}>
          <CopyIcon aria-hidden />
          Copy {what}
        </Button>
        <Button size="1" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </Flex>
    </Callout.Root>
  );
}
