// The notes dialog (spec §2 Notes dialog, client §8.5): note-type buttons, a 'Filter notes'
// menu, an input submitted with Enter, the notes newest first. Staff only (the API says 403 to
// anyone else).
import { DEFAULT_NOTE_TYPE_ID } from '@lp/contract/constants';
import type { Note, NoteType } from '@lp/contract/notes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { Box, Button, DropdownMenu, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatLongDate } from '@/lib/dates.ts';
import { AppDialog, useConfirm } from '@/ui/dialog/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { useAddNote, useDeleteNote, useNotes, useNoteTypes } from '../api/notes.ts';
import { useStudent } from '../api/student.ts';
import { showWithUndo } from '../api/undo.ts';
import { CHOOSE_NOTE_TYPE } from '../model/texts.ts';
import './learners.css';

export interface NotesDialogProps {
  learnerId: number;
  open: boolean;
  onClose: () => void;
}

export function NotesDialog({ learnerId, open, onClose }: NotesDialogProps) {
  const student = useStudent(learnerId, open);
  const name = student.data?.name;
  return (
    <AppDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={name ? `Notes: ${name}` : 'Learner Notes'}
      maxWidth="min(960px, 92vw)"
    >
      {open && <NotesBody learnerId={learnerId} />}
    </AppDialog>
  );
}

function NotesBody({ learnerId }: { learnerId: number }) {
  const types = useNoteTypes();
  const notes = useNotes(learnerId);
  const add = useAddNote(learnerId);
  const remove = useDeleteNote(learnerId);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [typeId, setTypeId] = useState<number>(DEFAULT_NOTE_TYPE_ID);
  const [filter, setFilter] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const typeList = types.data ?? [];
  const chosen = typeList.find((type) => type.id === typeId);
  const filterLabel = typeList.find((type) => type.id === filter)?.label;

  const submit = () => {
    const note = text.trim();
    if (!note) return;
    if (!chosen) {
      setProblem(CHOOSE_NOTE_TYPE);
      return;
    }
    setProblem(null);
    add.mutate(
      { note, type: chosen.id },
      {
        onSuccess: ({ historyId }) => {
          setText('');
          showWithUndo(queryClient, 'Note added', learnerId, historyId);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  const deleteNote = async (note: Note) => {
    const yes = await confirm({
      title: 'Delete note?',
      description: `Delete this ${note.note_type.label} note? Undo in the toast or the learner's History puts it back.`,
      confirmLabel: 'Delete note',
    });
    if (!yes) return;
    remove.mutate(note.id, {
      onSuccess: ({ historyId }) => showWithUndo(queryClient, 'Note deleted', learnerId, historyId),
      onError: (error) => toast.show(error.message, { type: 'error', duration: 'normal' }),
    });
  };

  const shown = (notes.data ?? []).filter(
    (note) => filter === null || note.note_type.id === filter,
  );

  return (
    <Flex direction="column" gap="3">
      <Flex gap="2" wrap="wrap" align="center" role="group" aria-label="Note type">
        {typeList.map((type) => (
          <Button
            key={type.id}
            type="button"
            size="2"
            color={type.id === typeId ? 'lime' : 'grass'}
            variant={type.id === typeId ? 'solid' : 'soft'}
            aria-pressed={type.id === typeId}
            onClick={() => setTypeId(type.id)}
          >
            {type.label}
          </Button>
        ))}
        <FilterMenu types={typeList} filter={filter} onFilter={setFilter} />
      </Flex>
      {types.isError && <ErrorCallout error={types.error} retry={() => types.refetch()} compact />}
      <div className="lp-notes__label">
        <Text as="label" htmlFor="lp-note-input" size="2" weight="bold">
          {chosen ? `Add ${chosen.label} Note:` : 'Choose a note type, then add a note:'}
        </Text>
        <TextField.Root
          id="lp-note-input"
          autoFocus
          value={text}
          // Read-only, not disabled, while the note is sent: a disabled field would lose the focus.
          readOnly={add.isPending}
          aria-busy={add.isPending}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          placeholder="Type a note and press Enter"
        />
      </div>
      {problem && (
        <Text size="2" color="red" role="alert">
          {problem}
        </Text>
      )}
      <Box className="lp-notes__list" aria-label="Notes" role="region">
        {notes.isPending ? (
          <Loading label="Loading notes…" />
        ) : notes.isError ? (
          <ErrorCallout error={notes.error} retry={() => notes.refetch()} compact />
        ) : shown.length === 0 ? (
          <EmptyState title={filterLabel ? `No ${filterLabel} notes.` : 'No notes yet.'} />
        ) : (
          <ul className="lp-notes__items">
            {shown.map((note) => (
              <li key={note.id} className={`lp-note lp-note--type-${note.note_type.id}`}>
                <Text size="2" className="lp-note__text">
                  {note.note}
                </Text>
                <Text size="1" color="gray">
                  {note.note_type.label} · {note.author ?? 'Former staff'} ·{' '}
                  {formatLongDate(note.created_on)}
                </Text>
                <IconButton
                  size="1"
                  color="red"
                  variant="soft"
                  aria-label={`Delete note: ${note.note.slice(0, 40)}`}
                  onClick={() => deleteNote(note)}
                >
                  <Cross2Icon />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
      </Box>
    </Flex>
  );
}

function FilterMenu({
  types,
  filter,
  onFilter,
}: {
  types: NoteType[];
  filter: number | null;
  onFilter: (id: number | null) => void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button type="button" variant="soft" color="gray">
          Filter notes
          {filter !== null && `: ${types.find((type) => type.id === filter)?.label ?? ''}`}
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        {types.map((type) => (
          <DropdownMenu.Item key={type.id} onSelect={() => onFilter(type.id)}>
            {type.label}
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={() => onFilter(null)}>Show all</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
