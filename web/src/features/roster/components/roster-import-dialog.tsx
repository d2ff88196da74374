import { ROSTER_COLUMNS } from '@lp/contract/constants';
import type { RosterImport, RosterRow } from '@lp/contract/roster';
import { Button, Flex, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { AppDialog } from '@/ui/dialog/index.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import { refusedRows, showApplied, useApplyRoster, usePreviewRoster } from '../api/roster-api.ts';
import { encodingNote, previewSummary } from '../model/summary.ts';
import { RosterPreview } from './roster-preview.tsx';
import './roster.css';

/**
 * A file's bytes, through FileReader, which every browser and DOM implementation has. Not its
 * text: the server tells the file's encoding from the bytes (a spreadsheet's plain CSV is often
 * Windows-1252), where reading it as UTF-8 here would have lost every accented letter.
 */
function readBytes(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      reader.result instanceof ArrayBuffer
        ? resolve(reader.result)
        : reject(new Error(`Could not read ${file.name}.`));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}.`));
    reader.readAsArrayBuffer(file);
  });
}

interface RosterImportProps {
  cohortId: number;
  cohortName: string;
}

/** 'Import roster': choose a CSV file, see what each line would do, then apply it. */
export function RosterImportButton({ cohortId, cohortName }: RosterImportProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="green" variant="soft" onClick={() => setOpen(true)}>
        Import roster
      </Button>
      <AppDialog
        open={open}
        onOpenChange={setOpen}
        title="Import roster"
        description={`Add learners to ${cohortName} from a CSV file whose first line names the columns ${ROSTER_COLUMNS.join(', ')}.`}
        maxWidth="760px"
      >
        {open && (
          <RosterImportForm
            cohortId={cohortId}
            cohortName={cohortName}
            onDone={() => setOpen(false)}
          />
        )}
      </AppDialog>
    </>
  );
}

function RosterImportForm({ cohortId, onDone }: RosterImportProps & { onDone(): void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const preview = usePreviewRoster();
  const apply = useApplyRoster();
  // The bytes are read once, so that Apply sends the file the preview read.
  const [file, setFile] = useState<{ name: string; bytes: ArrayBuffer } | null>(null);
  const [result, setResult] = useState<RosterImport | null>(null);
  const [dragging, setDragging] = useState(false);

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    let bytes: ArrayBuffer;
    try {
      bytes = await readBytes(chosen);
    } catch (error) {
      toast.show(errorText(error), { type: 'error', duration: 'normal' });
      return;
    }
    setFile({ name: chosen.name, bytes });
    setResult(null);
    apply.reset();
    preview.mutate({ cohortId, file: bytes }, { onSuccess: setResult });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  }

  function onApply() {
    if (!file) return;
    apply.mutate(
      { cohortId, file: file.bytes },
      {
        onSuccess: (applied) => {
          showApplied(queryClient, cohortId, applied);
          onDone();
        },
        onError: (error) => {
          const rows = refusedRows(error);
          if (rows && result) setResult({ ...result, rows, counts: countsOf(rows) });
          toast.show(errorText(error), { type: 'error', duration: 'normal' });
        },
      },
    );
  }

  const errors = result?.counts.errors ?? 0;
  const readAs = result ? encodingNote(result.encoding) : null;
  return (
    <Flex direction="column" gap="3">
      <label
        className={`lp-roster-drop${dragging ? ' is-over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Text as="div" size="2" mb="2">
          {file ? `File: ${file.name}` : 'Choose a CSV file, or drop it here.'}
        </Text>
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="Roster file"
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            // The same file may be chosen again after it was fixed.
            event.target.value = '';
          }}
        />
      </label>
      {preview.isPending && <Loading label="Reading the file…" />}
      {preview.isError && <ErrorCallout error={preview.error} compact />}
      {result && (
        <>
          {readAs && <Text size="2">{readAs}</Text>}
          <Text size="2" role="status">
            {previewSummary(result.counts)}
            {errors > 0 &&
              ' — fix the file and choose it again; nothing is imported while a line has an error.'}
          </Text>
          <RosterPreview rows={result.rows} />
        </>
      )}
      <Flex gap="3" justify="end">
        <Button variant="soft" color="gray" onClick={onDone}>
          Cancel
        </Button>
        <Button
          disabled={!result || errors > 0 || preview.isPending}
          loading={apply.isPending}
          onClick={onApply}
        >
          Apply
        </Button>
      </Flex>
    </Flex>
  );
}

function countsOf(rows: RosterRow[]) {
  const count = (action: RosterRow['action']) => rows.filter((row) => row.action === action).length;
  return {
    created: count('create'),
    enrolled: count('enrol'),
    skipped: count('skip'),
    errors: count('error'),
  };
}
