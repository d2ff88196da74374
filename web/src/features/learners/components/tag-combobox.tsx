// The tag field of the tag dialog: a WAI-ARIA combobox (an editable input with a list popup,
// "list autocomplete with automatic selection"). Typing filters the existing tags and highlights
// the first match, arrows move the highlight, Enter or a click chooses; creating a new tag is its
// own option at the end of the list, never highlighted by typing, so Enter on "needs" picks
// "needs pairing" instead of making a near-duplicate.
// A small component of our own: Radix has no combobox primitive, and no combobox library is
// among the web's dependencies; this is the pattern's few keys, with focus kept in the input
// (aria-activedescendant) as the pattern asks.
import type { Tag } from '@lp/contract/tags';
import { MagnifyingGlassIcon, PlusIcon } from '@radix-ui/react-icons';
import { Text, TextField } from '@radix-ui/themes';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  firstMatch,
  isChoosable,
  nextChoosable,
  type TagOption,
  tagOptions,
} from '../model/tag-options.ts';
import { NEW_TAG_PLACEHOLDER } from '../model/texts.ts';

export interface TagComboboxProps {
  /** Undefined until they are loaded: `children` (loading, or why not) shows in the list's place. */
  tags: readonly Tag[] | undefined;
  /** Ids of the tags the learner already wears: listed, but not to be chosen. */
  worn: ReadonlySet<number>;
  /** While a choice is being sent: the field keeps the focus but takes no input. */
  busy: boolean;
  onPick: (tag: Tag) => void;
  onCreate: (name: string) => void;
  children?: ReactNode;
}

export const createLabel = (name: string) => `Create tag '${name}'`;

const optionText = (option: TagOption) =>
  option.kind === 'create'
    ? createLabel(option.name)
    : `${option.tag.name}${option.worn ? ' (already tagged)' : ''}`;

// The field is there from the start, so that the dialog opens on it while the tags load.
export function TagCombobox({ tags, worn, busy, onPick, onCreate, children }: TagComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [text, setText] = useState('');
  const options = tags ? tagOptions(tags, text, worn) : [];
  // Typing highlights the first match (derived, so also once the tags come in); the arrows then
  // move it. An empty field highlights nothing, so a stray Enter never tags the learner with
  // whichever tag comes first.
  const [moved, setMoved] = useState<number | null>(null);
  const active = moved ?? (text.trim() ? firstMatch(options) : -1);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (active < 0) return;
    // jsdom has no scrollIntoView.
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({
      block: 'nearest',
    });
  }, [active]);

  const type = (next: string) => {
    setText(next);
    setMoved(null);
  };

  const choose = (option: TagOption | undefined) => {
    if (busy || !option || !isChoosable(option)) return;
    if (option.kind === 'create') onCreate(option.name);
    else onPick(option.tag);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setMoved(nextChoosable(options, active, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[active]);
    }
  };

  const hintId = `${id}-hint`;
  return (
    <div className="lp-tag-combobox">
      <Text as="label" htmlFor={`${id}-input`} size="2" weight="medium">
        Tag
      </Text>
      <TextField.Root
        id={`${id}-input`}
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={options.length > 0 ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        aria-describedby={hintId}
        aria-busy={busy}
        // Read-only, not disabled, while sending: a disabled field would lose the focus.
        readOnly={busy}
        autoComplete="off"
        maxLength={25}
        placeholder={NEW_TAG_PLACEHOLDER}
        value={text}
        onChange={(event) => type(event.target.value)}
        onKeyDown={onKeyDown}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon aria-hidden />
        </TextField.Slot>
      </TextField.Root>
      <Text as="p" id={hintId} size="1" color="gray">
        Type to find a tag, ↑ ↓ to move, Enter to choose. A new tag is the last option.
      </Text>
      {!tags ? (
        children
      ) : options.length > 0 ? (
        <div ref={listRef} id={listId} role="listbox" aria-label="Tags" className="lp-tag-listbox">
          {options.map((option, index) => (
            <div
              key={option.kind === 'create' ? 'create' : option.tag.id}
              id={optionId(index)}
              data-index={index}
              role="option"
              // Focusable only by script, never by Tab: the focus stays in the field.
              tabIndex={-1}
              aria-selected={index === active}
              aria-disabled={!isChoosable(option) || undefined}
              className="lp-tag-listbox__option"
              data-kind={option.kind}
              // The input keeps the focus, as the pattern asks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.kind === 'create' && <PlusIcon aria-hidden />}
              {optionText(option)}
            </div>
          ))}
        </div>
      ) : (
        <Text as="p" size="2" color="gray">
          No tags yet: type a name, then choose to create it.
        </Text>
      )}
    </div>
  );
}
