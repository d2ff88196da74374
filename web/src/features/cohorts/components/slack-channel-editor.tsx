import { Pencil1Icon } from '@radix-ui/react-icons';
import { Flex, IconButton, Text, TextField, Tooltip } from '@radix-ui/themes';
import { type KeyboardEvent, useState } from 'react';
import { ICON_TOOLTIP_DELAY_MS } from '@/ui/tooltip-delay.ts';

interface SlackChannelEditorProps {
  value: string;
  saving: boolean;
  onSave(value: string): void;
}

/** The card's Slack channel id: pencil to edit, Enter saves, Escape cancels. */
export function SlackChannelEditor({ value, saving, onSave }: SlackChannelEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDraft(null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const next = (draft ?? '').trim();
      setDraft(null);
      if (next !== value) onSave(next);
    }
  }

  if (draft !== null) {
    return (
      <TextField.Root
        size="1"
        autoFocus
        aria-label="Instructor Slack channel ID"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setDraft(null)}
        style={{ width: '9rem' }}
      />
    );
  }
  return (
    <Flex align="center" gap="1">
      <Text size="1">{value || '—'}</Text>
      <Tooltip content="Set instructor channel Slack ID" delayDuration={ICON_TOOLTIP_DELAY_MS}>
        <IconButton
          size="1"
          variant="ghost"
          color="gray"
          aria-label="Set instructor channel Slack ID"
          disabled={saving}
          onClick={() => setDraft(value)}
        >
          <Pencil1Icon />
        </IconButton>
      </Tooltip>
    </Flex>
  );
}
