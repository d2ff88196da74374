import { CopyIcon } from '@radix-ui/react-icons';
import { Flex, IconButton, Tooltip } from '@radix-ui/themes';
import { useToast } from '@/ui/toasts/index.ts';
import { ICON_TOOLTIP_DELAY_MS } from '@/ui/tooltip-delay.ts';

/** A read-only URL chip with a copy button ('URL copied'). */
export function CopyableUrl({ url, label }: { url: string; label: string }) {
  const toast = useToast();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.show('URL copied', { type: 'done', duration: 1000 });
    } catch {
      toast.show('Could not copy: select the link and copy it by hand.', { type: 'warning' });
    }
  }

  return (
    <Flex align="center" gap="2" wrap="nowrap">
      <output className="lp-chip" aria-label={label}>
        {url}
      </output>
      <Tooltip content={`Copy ${label.toLowerCase()}`} delayDuration={ICON_TOOLTIP_DELAY_MS}>
        <IconButton
          size="1"
          variant="soft"
          aria-label={`Copy ${label.toLowerCase()}`}
          onClick={copy}
        >
          <CopyIcon />
        </IconButton>
      </Tooltip>
    </Flex>
  );
}
