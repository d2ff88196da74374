// 'Learning Objectives Remaining' (client §8.3): one button per objective not yet achieved;
// a click marks it achieved ('Achieved on {date}') and it leaves the panel. One click, no
// confirmation: the toast offers Undo.
import { Box, Button, Heading } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { useMarkAchieved, useRemainingObjectives } from '../api/records.ts';
import { showWithUndo } from '../api/undo.ts';
import { OBJECTIVES_HEADING } from '../model/texts.ts';

export function ObjectivesPanel({ learnerId }: { learnerId: number }) {
  const remaining = useRemainingObjectives(learnerId);
  const mark = useMarkAchieved(learnerId);
  const queryClient = useQueryClient();

  let body: ReactNode;
  if (remaining.isPending) body = <Loading label="Loading objectives…" />;
  else if (remaining.isError)
    body = <ErrorCallout error={remaining.error} retry={() => remaining.refetch()} compact />;
  else if (remaining.data.length === 0)
    body = <EmptyState title="Every learning objective is achieved." />;
  else
    body = (
      <ul className="lp-objectives" aria-label={OBJECTIVES_HEADING}>
        {remaining.data.map((objective) => (
          <li key={objective.id}>
            <Button
              size="1"
              radius="large"
              variant="soft"
              title={`Mark “${objective.label}” achieved (${objective.weight} points)`}
              onClick={() =>
                mark.mutate(objective.id, {
                  onSuccess: (answer) =>
                    showWithUndo(
                      queryClient,
                      `Achieved: ${objective.label}`,
                      learnerId,
                      answer.historyId,
                    ),
                  onError: (error) =>
                    toast.show(error.message, { type: 'error', duration: 'normal' }),
                })
              }
            >
              {objective.label}
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <Box asChild mb="4">
      <section aria-labelledby="lp-objectives-heading">
        <Heading as="h3" size="3" mb="2" id="lp-objectives-heading">
          {OBJECTIVES_HEADING}
        </Heading>
        {body}
      </section>
    </Box>
  );
}
