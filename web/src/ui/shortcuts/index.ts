export { useShortcut } from './use-shortcut.ts';
