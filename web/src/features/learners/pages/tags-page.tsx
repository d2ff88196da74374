// The staff tag list (/tags, linked from Courses and from the tag dialog): every tag with how
// many learners wear it. Deleting a tag removes it from all of them, so it asks first, and its
// toast offers Undo, which brings the tag back on every learner who had it.
import type { TagInUse } from '@lp/contract/tags';
import { TrashIcon } from '@radix-ui/react-icons';
import { Button, Table } from '@radix-ui/themes';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@/lib/api-client.ts';
import { useConfirm } from '@/ui/dialog/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { deleteTag, invalidateTags, restoreTag, useTags } from '../api/tags.ts';

const learners = (n: number) => `${n} ${n === 1 ? 'learner' : 'learners'}`;
const undoAbout = (tag: TagInUse) => `restore tag ${tag.id}`;
const wornBy = (n: number) =>
  n === 0
    ? 'No learner has it.'
    : `It is deleted for everyone and taken off ${n === 1 ? 'the one learner who has it' : `the ${n} learners who have it`}.`;

/**
 * Undoes a deletion and says how it went. A plain function rather than a hook: the toast that
 * offers it outlives the page.
 */
async function undoDeletion(queryClient: QueryClient, tag: TagInUse) {
  try {
    const restored = await restoreTag(tag.id);
    toast.dismissAbout(undoAbout(tag));
    toast.show(restored.message, { type: 'done', duration: 'normal' });
  } catch (error) {
    toast.show(errorText(error), { type: 'error', duration: 'long' });
  } finally {
    await invalidateTags(queryClient);
  }
}

/**
 * Resolves once the closing confirmation has handed the focus back to the button that opened it
 * (useReturnFocus), so that moving the focus on afterwards is not undone as the dialog goes.
 */
const focusReturnedTo = (button: HTMLElement) =>
  new Promise<void>((resolve) => {
    if (document.activeElement === button) resolve();
    else button.addEventListener('focus', () => resolve(), { once: true });
  });

/** Before its row goes: the next row's Delete, else the one before, not <body>. */
function focusNeighbour(button: HTMLElement) {
  const row = button.closest('tr');
  const next = row?.nextElementSibling ?? row?.previousElementSibling;
  next?.querySelector<HTMLElement>('button')?.focus();
}

function TagRow({ tag }: { tag: TagInUse }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();

  const onDelete = async (button: HTMLElement) => {
    // A click does not focus a button in every browser; only a focused one gets it back.
    const focused = document.activeElement === button;
    const yes = await confirm({
      title: `Delete the tag “${tag.name}”?`,
      description: `${wornBy(tag.learners)} The toast that follows offers Undo.`,
      confirmLabel: 'Delete tag',
    });
    if (!yes) return;
    // Listened for from now, as the dialog may close before or after the deletion is done.
    const returned = focused ? focusReturnedTo(button) : Promise.resolve();
    try {
      await deleteTag(tag.id);
      const had = tag.learners > 0 ? `${learners(tag.learners)} had it` : 'no learner had it';
      toast.show(`Deleted the tag “${tag.name}” (${had})`, {
        type: 'done',
        duration: 'long',
        action: { label: 'Undo', onClick: () => void undoDeletion(queryClient, tag) },
        // Until dismissed or left, so that it can be reached from the keyboard (F8).
        keep: true,
        about: undoAbout(tag),
      });
      await returned;
      // Unless the focus has moved on meanwhile.
      if (document.activeElement === button) focusNeighbour(button);
    } catch (error) {
      toast.show(errorText(error), { type: 'error', title: 'The tag was not deleted' });
    }
    await invalidateTags(queryClient);
  };

  return (
    <Table.Row>
      <Table.RowHeaderCell>{tag.name}</Table.RowHeaderCell>
      <Table.Cell>{learners(tag.learners)}</Table.Cell>
      <Table.Cell justify="end">
        <Button
          variant="soft"
          color="red"
          aria-label={`Delete tag ${tag.name}`}
          onClick={(event) => void onDelete(event.currentTarget)}
        >
          <TrashIcon aria-hidden />
          Delete
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

export default function TagsPage() {
  const tags = useTags();
  return (
    <PageLayout title="Tags">
      <QueryView query={tags} what="tags">
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              title="No tags yet"
              description="Tags are made from a learner's card: Tag Learner."
            />
          ) : (
            <Table.Root variant="surface" aria-label="Tags">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Tag</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Worn by</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Action</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((tag) => (
                  <TagRow key={tag.id} tag={tag} />
                ))}
              </Table.Body>
            </Table.Root>
          )
        }
      </QueryView>
    </PageLayout>
  );
}
