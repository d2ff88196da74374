// The learners feature's overlay, notes dialog and tag dialog, opened from the board's cards and
// the proposal list (one learner and one dialog at a time).
import { type ReactNode, useMemo, useState } from 'react';
import type { LearnerDialogActions } from '@/features/board';
import { LearnerOverlay, type LearnerPreview, NotesDialog, TagDialog } from '@/features/learners';

type Open =
  | { kind: 'overlay'; learnerId: number; preview: LearnerPreview }
  | { kind: 'notes' | 'tags'; learnerId: number }
  | null;

export interface LearnerDialogs {
  actions: LearnerDialogActions;
  element: ReactNode;
}

export function useLearnerDialogs(): LearnerDialogs {
  const [open, setOpen] = useState<Open>(null);
  const actions = useMemo<LearnerDialogActions>(
    () => ({
      openOverlay: (learner) =>
        setOpen({
          kind: 'overlay',
          learnerId: learner.id,
          preview: { name: learner.name, score: learner.score, project: learner.project_name },
        }),
      openNotes: (learner) => setOpen({ kind: 'notes', learnerId: learner.id }),
      openTags: (learner) => setOpen({ kind: 'tags', learnerId: learner.id }),
    }),
    [],
  );
  const close = () => setOpen(null);
  let element: ReactNode = null;
  if (open?.kind === 'overlay')
    element = (
      <LearnerOverlay learnerId={open.learnerId} preview={open.preview} open onClose={close} />
    );
  if (open?.kind === 'notes')
    element = <NotesDialog learnerId={open.learnerId} open onClose={close} />;
  if (open?.kind === 'tags')
    element = <TagDialog learnerId={open.learnerId} open onClose={close} />;
  return { actions, element };
}
