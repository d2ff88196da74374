import { Button } from '@radix-ui/themes';
import { useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { useToast } from '@/ui/toasts/index.ts';
import { downloadProgress } from '../api/roster-api.ts';

/** Hands a fetched file to the browser as a download. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the blob is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 'Export CSV': the cohort's progress as a spreadsheet file. */
export function ExportCsvButton({ cohortId }: { cohortId: number }) {
  const toast = useToast();
  const [pending, setPending] = useState(false);

  async function onExport() {
    setPending(true);
    try {
      const file = await downloadProgress(cohortId);
      const name = file.filename ?? `cohort-${cohortId}-progress.csv`;
      saveFile(file.blob, name);
      toast.show(`Downloaded ${name}`, { type: 'done', duration: 'short' });
    } catch (error) {
      toast.show(errorText(error), { type: 'error', duration: 'normal' });
    } finally {
      setPending(false);
    }
  }

  return (
    <Button variant="soft" loading={pending} onClick={onExport}>
      Export CSV
    </Button>
  );
}
