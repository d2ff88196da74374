// The settings feature's public surface: the settings dialog of the navbar and the display
// shortcuts ('t g', 't a') of the staff app.
export { SettingsDialog } from './settings-dialog.tsx';
export { useDisplayShortcuts } from './use-display-shortcuts.ts';
