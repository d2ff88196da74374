import { Box, Heading } from '@radix-ui/themes';

const SHORTCUTS: [string, string][] = [
  ['t g', 'Toggle tags'],
  ['t a', 'Toggle avatars'],
  ['s l', 'Search learners'],
  ['s c', 'Search cohorts'],
  ['F8', 'Go to the latest notification’s Undo (F8 again: back)'],
];

/** The dashboard's list of two-key shortcuts (the second key within 1 second), and F8. */
export function ShortcutsPanel() {
  return (
    <Box className="lp-shortcuts" role="region" aria-label="Keyboard shortcuts">
      <Heading as="h2" size="1" mb="1">
        Keyboard shortcuts
      </Heading>
      <dl>
        {SHORTCUTS.map(([keys, action]) => (
          <div key={keys}>
            <dt>
              {keys.split(' ').map((key) => (
                <kbd key={key}>{key}</kbd>
              ))}
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </Box>
  );
}
