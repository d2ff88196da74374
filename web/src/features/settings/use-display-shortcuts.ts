import { toggleSetting } from '@/lib/settings.ts';
import { useShortcut } from '@/ui/shortcuts/use-shortcut.ts';
import { toast } from '@/ui/toasts/toast-store.ts';

/** 't g' toggles tags and 't a' toggles avatars on learner cards. */
export function useDisplayShortcuts(): void {
  useShortcut('t g', () => {
    const shown = toggleSetting('tags');
    toast.show(shown ? 'Tags shown' : 'Tags hidden', { type: 'message', duration: 'short' });
  });
  useShortcut('t a', () => {
    const shown = toggleSetting('avatars');
    toast.show(shown ? 'Avatars shown' : 'Avatars hidden', { type: 'message', duration: 'short' });
  });
}
