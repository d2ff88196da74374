export type { ShortcutEngine, ShortcutHandler } from './shortcut-engine.ts';
export { createShortcutEngine, getShortcutEngine, isTypingTarget } from './shortcut-engine.ts';
export { useShortcut } from './use-shortcut.ts';
