// The tag dialog (spec B §2, client §8.7): a combobox over the existing tags that puts the one
// chosen on the learner, or creates a new tag when that is chosen on purpose (tag-combobox.tsx).
// Deleting a tag for everyone is not done here but on the staff tag list (/tags), linked below.
// Every tagging says what it did in a toast with Undo (the learner's History keeps it too).
import type { Tag } from '@lp/contract/tags';
import { Flex, Link } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { AppDialog } from '@/ui/dialog/index.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { useStudent } from '../api/student.ts';
import { useCreateAndTag, useStudentTags, useTagStudent, useTags } from '../api/tags.ts';
import { showWithUndo } from '../api/undo.ts';
import { TagCombobox } from './tag-combobox.tsx';
import './learners.css';

export interface TagDialogProps {
  learnerId: number;
  open: boolean;
  onClose: () => void;
}

export function TagDialog({ learnerId, open, onClose }: TagDialogProps) {
  const student = useStudent(learnerId, open);
  const name = student.data?.name;
  return (
    <AppDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={name ? `Tag ${name}` : 'Tag Learner'}
      maxWidth="min(520px, 92vw)"
    >
      {open && (
        <TagBody learnerId={learnerId} learnerName={name ?? 'the learner'} onDone={onClose} />
      )}
    </AppDialog>
  );
}

function TagBody({
  learnerId,
  learnerName,
  onDone,
}: {
  learnerId: number;
  learnerName: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const tags = useTags();
  const links = useStudentTags(learnerId);
  const apply = useTagStudent(learnerId);
  const create = useCreateAndTag(learnerId);
  const worn = new Set((links.data ?? []).map((link) => link.tag));

  const failed = (error: Error) => toast.show(error.message, { type: 'error', duration: 'normal' });
  const done = (text: string, historyId: number | null) => {
    showWithUndo(queryClient, text, learnerId, historyId);
    onDone();
  };

  const pick = (tag: Tag) =>
    apply.mutate(tag.id, {
      onSuccess: ({ historyId }) => done(`Tagged ${learnerName} “${tag.name}”`, historyId),
      onError: failed,
    });
  const createAndTag = (name: string) =>
    create.mutate(name, {
      onSuccess: ({ tag, historyId }) =>
        done(`Created the tag “${tag.name}” and tagged ${learnerName} with it`, historyId),
      onError: failed,
    });

  return (
    <Flex direction="column" gap="3">
      <TagCombobox
        tags={tags.data}
        worn={worn}
        busy={apply.isPending || create.isPending}
        onPick={pick}
        onCreate={createAndTag}
      >
        {tags.isError ? (
          <ErrorCallout error={tags.error} retry={() => tags.refetch()} compact />
        ) : (
          <Loading label="Loading tags…" />
        )}
      </TagCombobox>
      <Link asChild size="2">
        <RouterLink to="/tags">Manage tags (delete one for everyone)</RouterLink>
      </Link>
    </Flex>
  );
}
