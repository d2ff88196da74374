// The learner's undoable changes (clears, transfers, and the board's moves, statuses, objectives,
// capstone steps, tag and note removals), each with 'Undo' while it can still be undone (30 days).
import { Badge, Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatLongDate } from '@/lib/dates.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { useHistory } from '../api/learner-changes.ts';
import { runUndo } from '../api/undo.ts';

export function LearnerHistory({ learnerId }: { learnerId: number }) {
  const history = useHistory(learnerId);
  const queryClient = useQueryClient();
  const [undoing, setUndoing] = useState<number | null>(null);
  if (history.isPending || (history.data?.length ?? 0) === 0) return null;

  return (
    <Box asChild mb="4">
      <section aria-labelledby="lp-history-heading">
        <Heading as="h3" size="3" mb="2" id="lp-history-heading">
          History
        </Heading>
        {history.isError ? (
          <ErrorCallout error={history.error} retry={() => history.refetch()} compact />
        ) : (
          <ul className="lp-history">
            {history.data.map((item) => (
              <li key={item.id}>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text size="2">{item.summary}</Text>
                  <Text size="1" color="gray">
                    {formatDateTime(item.created_at)}
                    {item.actor ? ` by ${item.actor}` : ''}
                  </Text>
                  {item.undone_at ? (
                    <Badge color="gray">Undone {formatLongDate(item.undone_at)}</Badge>
                  ) : item.can_undo ? (
                    <Button
                      size="1"
                      variant="soft"
                      loading={undoing === item.id}
                      aria-label={`Undo: ${item.summary}`}
                      onClick={async () => {
                        setUndoing(item.id);
                        await runUndo(queryClient, learnerId, item.id);
                        setUndoing(null);
                      }}
                    >
                      Undo
                    </Button>
                  ) : null}
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Box>
  );
}
