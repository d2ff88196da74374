// The tag dialog (spec B §2, client §8.7): a button per tag that puts it on the learner, a cross
// per tag that deletes it for everyone (after asking), and 'New tag name' submitted with Enter.
import type { Tag } from '@lp/contract/tags';
import { Cross2Icon, DrawingPinIcon } from '@radix-ui/react-icons';
import { Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { AppDialog, useConfirm } from '@/ui/dialog/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { useStudent } from '../api/student.ts';
import {
  useCreateAndTag,
  useDeleteTag,
  useStudentTags,
  useTagStudent,
  useTags,
} from '../api/tags.ts';
import { NEW_TAG_PLACEHOLDER } from '../model/texts.ts';
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
      maxWidth="min(720px, 92vw)"
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
  const tags = useTags();
  const links = useStudentTags(learnerId);
  const apply = useTagStudent(learnerId);
  const create = useCreateAndTag(learnerId);
  const remove = useDeleteTag();
  const confirm = useConfirm();
  const [name, setName] = useState('');
  const worn = new Set((links.data ?? []).map((link) => link.tag));

  const failed = (error: Error) => toast.show(error.message, { type: 'error', duration: 'normal' });
  const applied = (tagName: string) => {
    toast.show(`Tagged ${learnerName} “${tagName}”`, { type: 'done', duration: 'short' });
    onDone();
  };

  const applyTag = (tag: Tag) =>
    apply.mutate(tag.id, { onSuccess: () => applied(tag.name), onError: failed });

  const submitNew = () => {
    const wanted = name.trim();
    if (!wanted) return;
    const existing = tags.data?.find((tag) => tag.name.toLowerCase() === wanted.toLowerCase());
    if (existing) {
      applyTag(existing);
      return;
    }
    create.mutate(wanted, { onSuccess: (tag) => applied(tag.name), onError: failed });
  };

  const deleteTag = async (tag: Tag) => {
    const yes = await confirm({
      title: 'Delete tag?',
      description: `Delete the tag “${tag.name}”? It is removed from every learner who has it.`,
      confirmLabel: 'Delete tag',
    });
    if (!yes) return;
    remove.mutate(tag.id, {
      onSuccess: () => toast.show(`Tag “${tag.name}” deleted`, { type: 'done', duration: 'short' }),
      onError: failed,
    });
  };

  const busy = apply.isPending || create.isPending;
  return (
    <Flex direction="column" gap="4">
      {tags.isPending ? (
        <Loading label="Loading tags…" />
      ) : tags.isError ? (
        <ErrorCallout error={tags.error} retry={() => tags.refetch()} compact />
      ) : tags.data.length === 0 ? (
        <EmptyState title="No tags yet." description="Type a new tag name below." />
      ) : (
        <ul className="lp-tag-grid" aria-label="Tags">
          {tags.data.map((tag) => (
            <li key={tag.id} className="lp-tag-grid__item">
              <Button
                type="button"
                variant={worn.has(tag.id) ? 'solid' : 'soft'}
                disabled={busy || worn.has(tag.id)}
                aria-label={
                  worn.has(tag.id) ? `${tag.name} (already tagged)` : `Tag with ${tag.name}`
                }
                onClick={() => applyTag(tag)}
              >
                <DrawingPinIcon />
                {tag.name}
              </Button>
              <IconButton
                type="button"
                size="1"
                variant="ghost"
                color="red"
                aria-label={`Delete tag ${tag.name}`}
                onClick={() => deleteTag(tag)}
              >
                <Cross2Icon />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <Flex align="center" justify="center" gap="2">
        <Text as="label" htmlFor="lp-new-tag" size="2">
          New tag:
        </Text>
        <TextField.Root
          id="lp-new-tag"
          placeholder={NEW_TAG_PLACEHOLDER}
          maxLength={25}
          value={name}
          disabled={busy}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submitNew();
            }
          }}
        />
      </Flex>
    </Flex>
  );
}
