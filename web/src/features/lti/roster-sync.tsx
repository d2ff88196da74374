import type { LtiContext } from '@lp/contract/lti';
import type { RosterImport } from '@lp/contract/roster';
import { Button, Flex, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { previewSummary, RosterPreview, refusedRows, showApplied } from '@/features/roster';
import { api, errorText } from '@/lib/api-client.ts';
import { AppDialog } from '@/ui/dialog/index.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { toast } from '@/ui/toasts/index.ts';

// POST /lti/contexts/{id}/roster: the course's learners previewed (dry run) or applied.
const syncRoster = (contextId: number, dryRun: boolean) =>
  api.post<RosterImport>(`/lti/contexts/${contextId}/roster`, undefined, {
    query: dryRun ? { dry_run: true } : undefined,
  });

/** 'Sync roster': the LMS course's learners, previewed line by line, then applied with Undo. */
export function RosterSyncButton({ course }: { course: LtiContext }) {
  const [open, setOpen] = useState(false);
  const cohortId = course.cohort_id;
  if (cohortId === null || !course.has_roster) return null;
  return (
    <>
      <Button
        variant="soft"
        onClick={() => setOpen(true)}
        aria-label={`Sync roster of ${course.title}`}
      >
        Sync roster
      </Button>
      <AppDialog
        open={open}
        onOpenChange={setOpen}
        title="Sync roster from the LMS"
        description={`The learners of ${course.title} in ${course.platform_name} join ${course.cohort_name}.`}
        maxWidth="760px"
      >
        {open && <RosterSync course={course} cohortId={cohortId} onDone={() => setOpen(false)} />}
      </AppDialog>
    </>
  );
}

function RosterSync({
  course,
  cohortId,
  onDone,
}: {
  course: LtiContext;
  cohortId: number;
  onDone(): void;
}) {
  const queryClient = useQueryClient();
  const preview = useMutation({ mutationFn: () => syncRoster(course.id, true) });
  const apply = useMutation({ mutationFn: () => syncRoster(course.id, false) });
  const [result, setResult] = useState<RosterImport | null>(null);
  const { mutate } = preview;
  useEffect(() => mutate(undefined, { onSuccess: setResult }), [mutate]);

  function onApply() {
    apply.mutate(undefined, {
      onSuccess: async (applied) => {
        showApplied(queryClient, cohortId, applied);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['students'] }),
          queryClient.invalidateQueries({ queryKey: ['cohorts'] }),
        ]);
        onDone();
      },
      onError: (error) => {
        const rows = refusedRows(error);
        if (rows && result) setResult({ ...result, rows });
        toast.show(errorText(error), { type: 'error', duration: 'normal' });
      },
    });
  }

  const errors = result?.rows.filter((row) => row.action === 'error').length ?? 0;
  return (
    <Flex direction="column" gap="3">
      {preview.isPending && <Loading label="Reading the LMS roster…" />}
      {preview.isError && <ErrorCallout error={preview.error} compact />}
      {result && (
        <>
          <Text size="2" role="status">
            {previewSummary(result.counts)}
            {errors > 0 && ' — nothing is applied while a learner has an error.'}
          </Text>
          {result.rows.length === 0 ? (
            <Text size="2">The course has no active learners.</Text>
          ) : (
            <RosterPreview rows={result.rows} />
          )}
        </>
      )}
      <Flex gap="3" justify="end">
        <Button variant="soft" color="gray" onClick={onDone}>
          Cancel
        </Button>
        <Button
          disabled={!result || errors > 0 || result.rows.length === 0}
          loading={apply.isPending}
          onClick={onApply}
        >
          Apply
        </Button>
      </Flex>
    </Flex>
  );
}
