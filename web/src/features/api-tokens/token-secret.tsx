import { CopyIcon } from '@radix-ui/react-icons';
import { Button, Callout, Code, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import { useToast } from '@/ui/toasts/index.ts';

/** A new token's secret, shown once, with a copy button that takes the focus. */
export function TokenSecret({
  name,
  secret,
  onDone,
}: {
  name: string;
  secret: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const copyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => copyButton.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast.show('Token copied', { type: 'done', duration: 1000 });
    } catch {
      toast.show('Could not copy: select the token and copy it by hand.', { type: 'warning' });
    }
  }

  return (
    <Callout.Root color="green" role="region" aria-label={`New token ${name}`}>
      <Callout.Text>
        <Text weight="bold">Copy the token “{name}” now: it is not shown again.</Text>
      </Callout.Text>
      <Flex gap="2" align="center" wrap="wrap" mt="2">
        <Code size="2" aria-label="Token" style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Button ref={copyButton} size="1" variant="soft" onClick={() => void copy()}>
          <CopyIcon aria-hidden />
          Copy token
        </Button>
        <Button size="1" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </Flex>
    </Callout.Root>
  );
}
