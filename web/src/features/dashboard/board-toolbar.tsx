// Above the board: how dense its cards are, and whether the events and shortcuts panel is open;
// between them, what the toolbar is given (the live board's presence). Both are local settings
// (lp_settings), so they hold across reloads and tabs.
import { Button, Flex, SegmentedControl, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { type Density, setSetting } from '@/lib/settings.ts';
import { useSettings } from '@/lib/use-settings.ts';

const DENSITY_LABELS: Record<Density, string> = {
  auto: 'Auto',
  comfortable: 'Comfortable',
  compact: 'Compact',
};

export const BOARD_PANEL_ID = 'lp-board-panel';

export function BoardToolbar({ children }: { children?: ReactNode }) {
  const { density, boardPanel } = useSettings();
  return (
    <Flex
      className="lp-board-toolbar"
      justify="between"
      align="center"
      gapX="3"
      gapY="2"
      wrap="wrap"
      mb="2"
    >
      <Flex align="center" gap="2">
        <Text size="1" color="gray" id="lp-density-label">
          Cards
        </Text>
        <SegmentedControl.Root
          size="1"
          value={density}
          onValueChange={(value) => setSetting('density', value as Density)}
          aria-labelledby="lp-density-label"
        >
          {(Object.keys(DENSITY_LABELS) as Density[]).map((choice) => (
            <SegmentedControl.Item key={choice} value={choice}>
              {DENSITY_LABELS[choice]}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
      </Flex>
      {children}
      <Button
        size="1"
        variant="soft"
        color="gray"
        // At the right end, of the last line when the toolbar wraps.
        ml="auto"
        aria-expanded={boardPanel}
        aria-controls={BOARD_PANEL_ID}
        onClick={() => setSetting('boardPanel', !boardPanel)}
      >
        {boardPanel ? 'Hide events ›' : '‹ Show events'}
      </Button>
    </Flex>
  );
}
