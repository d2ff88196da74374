// Two-key shortcuts ('t g'): the first key arms, the second must follow within
// SHORTCUT_WINDOW_MS. Keys typed into form fields or editable content never count.
import { SHORTCUT_WINDOW_MS } from '@lp/contract/constants';

export type ShortcutHandler = (event: KeyboardEvent) => void;

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return (
    tag === 'INPUT' ||
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    target.closest('[contenteditable="true"], [contenteditable=""]') !== null
  );
}

function parseChord(chord: string): [string, string] {
  const keys = chord.trim().toLowerCase().split(/\s+/);
  if (keys.length !== 2 || !keys[0] || !keys[1]) {
    throw new Error(`A shortcut is two keys separated by a space, e.g. 't g'; got '${chord}'`);
  }
  return [keys[0], keys[1]];
}

export function createShortcutEngine(
  target: Document | HTMLElement,
  windowMs = SHORTCUT_WINDOW_MS,
) {
  const handlers = new Map<string, Set<ShortcutHandler>>();
  let armed: { key: string; at: number } | null = null;

  const isFirstKey = (key: string) =>
    [...handlers.keys()].some((chord) => chord.startsWith(`${key} `));

  function onKeyDown(event: Event) {
    if (!(event instanceof KeyboardEvent)) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    if (event.defaultPrevented || isTypingTarget(event.target)) {
      armed = null;
      return;
    }
    const key = event.key.toLowerCase();
    const now = Date.now();
    if (armed && now - armed.at <= windowMs) {
      const chordHandlers = handlers.get(`${armed.key} ${key}`);
      if (chordHandlers?.size) {
        armed = null;
        event.preventDefault();
        for (const handler of [...chordHandlers]) handler(event);
        return;
      }
    }
    armed = isFirstKey(key) ? { key, at: now } : null;
  }

  return {
    /** Registers a chord; returns the function that removes it. */
    register(chord: string, handler: ShortcutHandler): () => void {
      const [first, second] = parseChord(chord);
      const id = `${first} ${second}`;
      if (handlers.size === 0) target.addEventListener('keydown', onKeyDown);
      const set = handlers.get(id) ?? new Set<ShortcutHandler>();
      set.add(handler);
      handlers.set(id, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(id);
        if (handlers.size === 0) {
          target.removeEventListener('keydown', onKeyDown);
          armed = null;
        }
      };
    },
  };
}

export type ShortcutEngine = ReturnType<typeof createShortcutEngine>;

let documentEngine: ShortcutEngine | null = null;

/** The engine listening on the whole page. */
export function getShortcutEngine(): ShortcutEngine {
  documentEngine ??= createShortcutEngine(document);
  return documentEngine;
}
