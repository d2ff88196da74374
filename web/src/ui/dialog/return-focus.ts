// Radix returns focus to a dialog's Trigger when it closes; the app's dialogs are opened from
// state (a menu item, a double click, a route), have no Trigger, and would leave focus on <body>,
// so the next Tab starts again at the top of the page.
import { useCallback, useRef } from 'react';

/**
 * What a dialog opened from `element` returns focus to: the element itself, or, for an item of
 * a menu (which closes as the dialog opens), the button that opened the outermost menu.
 */
export function openerOf(element: Element | null): HTMLElement | null {
  let current = element;
  let menu = current?.closest('[role="menu"]');
  while (menu) {
    const triggerId = menu.getAttribute('aria-labelledby');
    current = triggerId ? document.getElementById(triggerId) : null;
    menu = current?.closest('[role="menu"]');
  }
  return current instanceof HTMLElement && current !== document.body ? current : null;
}

/**
 * Remembers what had focus when `open` became true; the returned handler (a dialog content's
 * `onCloseAutoFocus`) puts focus back there if it is still on the page.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read while rendering the change that opens the dialog: by the time its focus scope mounts, a
  // menu item that opened it may already be gone.
  if (open !== wasOpen.current) {
    wasOpen.current = open;
    if (open) opener.current = openerOf(document.activeElement);
  }
  return useCallback((event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  }, []);
}
