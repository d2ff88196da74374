import { FocusScope } from '@radix-ui/react-focus-scope';
import {
  ChatBubbleIcon,
  CheckCircledIcon,
  Cross2Icon,
  CrossCircledIcon,
  ExclamationTriangleIcon,
  InfoCircledIcon,
} from '@radix-ui/react-icons';
import { Button, IconButton, Text, Theme } from '@radix-ui/themes';
import {
  type ComponentType,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import { isToastHotkey, latestToastControl, returnTarget, TOAST_HOTKEY } from './toast-hotkey.ts';
import {
  dismiss,
  getToasts,
  pause,
  resume,
  subscribeToasts,
  type ToastItem,
  type ToastType,
} from './toast-store.ts';
import './toasts.css';

const looks: Record<ToastType, { color: string; Icon: ComponentType }> = {
  info: { color: 'blue', Icon: InfoCircledIcon },
  message: { color: 'gray', Icon: ChatBubbleIcon },
  warning: { color: 'amber', Icon: ExclamationTriangleIcon },
  error: { color: 'red', Icon: CrossCircledIcon },
  done: { color: 'green', Icon: CheckCircledIcon },
};

function ToastCard({ item, onDone }: { item: ToastItem; onDone: () => void }) {
  const { color, Icon } = looks[item.type];
  const urgent = item.type === 'error' || item.type === 'warning';
  const textId = `lp-toast-text-${item.id}`;
  return (
    <li
      className="lp-toast"
      data-type={item.type}
      data-state={item.leaving ? 'closed' : 'open'}
      data-accent-color={color}
      onMouseEnter={() => pause(item.id)}
      onMouseLeave={() => resume(item.id)}
      onFocus={() => pause(item.id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) resume(item.id, true);
      }}
    >
      <span className="lp-toast__icon" aria-hidden>
        <Icon />
      </span>
      {/* The message is the live region: the <li> itself stays a list item of the toasts. */}
      <div className="lp-toast__body" role={urgent ? 'alert' : 'status'}>
        {item.title && (
          <Text as="div" size="2" weight="bold">
            {item.title}
          </Text>
        )}
        <Text as="div" size="2" id={textId}>
          {item.text}
        </Text>
      </div>
      {item.action && (
        <Button
          size="1"
          variant="soft"
          className="lp-toast__action"
          aria-describedby={textId}
          aria-keyshortcuts={TOAST_HOTKEY}
          onClick={() => {
            item.action?.onClick();
            dismiss(item.id);
            onDone();
          }}
        >
          {item.action.label}
        </Button>
      )}
      <IconButton
        size="1"
        variant="ghost"
        color="gray"
        className="lp-toast__dismiss"
        aria-label="Dismiss notification"
        onClick={() => {
          dismiss(item.id);
          onDone();
        }}
      >
        <Cross2Icon />
      </IconButton>
    </li>
  );
}

/** Whether focus would leave the list with this Tab. */
function tabsOut(list: HTMLElement, event: KeyboardEvent<HTMLElement>): boolean {
  const controls = [...list.querySelectorAll<HTMLElement>('button:not([disabled])')];
  const edge = event.shiftKey ? controls[0] : controls.at(-1);
  return event.key === 'Tab' && event.target === edge;
}

/**
 * Renders the toasts at the bottom of the page; mount once, inside the Radix <Theme>. They live
 * in a portal on <body> above open dialogs (as the dialogs' own portals do), so a toast's Undo
 * can be clicked while the dialog the change was made in is still open.
 *
 * F8 focuses the newest toast's Undo (or Dismiss); F8, Escape, Tab past the toasts or using one
 * takes focus back where it was. A focus scope of their own pauses an open dialog's focus trap
 * meanwhile.
 */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const list = useRef<HTMLOListElement>(null);
  const [engaged, setEngaged] = useState<HTMLElement | null>(null);
  // Where F8 was pressed, and whether leaving the toasts goes back there (not after a click elsewhere).
  const origin = useRef<Element | null>(null);
  const giveBack = useRef(true);
  const leave = useCallback((back: boolean) => {
    giveBack.current = back;
    setEngaged(null);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isToastHotkey(event)) return;
      if (list.current?.contains(document.activeElement)) {
        event.preventDefault();
        leave(true);
        return;
      }
      const control = latestToastControl(list.current);
      if (!control) return;
      event.preventDefault();
      origin.current = document.activeElement;
      setEngaged(control);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [leave]);

  return createPortal(
    <Theme asChild>
      <section className="lp-toaster" aria-label="Notifications" aria-live="polite">
        {engaged && (
          <FocusScope
            className="lp-toaster__scope"
            onMountAutoFocus={(event) => {
              event.preventDefault();
              engaged.focus();
            }}
            onUnmountAutoFocus={(event) => {
              event.preventDefault();
              if (giveBack.current) returnTarget(origin.current)?.focus();
            }}
          />
        )}
        <ol
          ref={list}
          className="lp-toaster__list"
          onKeyDown={(event) => {
            if (!engaged) return;
            if (event.key === 'Escape' || tabsOut(event.currentTarget, event)) {
              event.preventDefault();
              leave(true);
            }
          }}
          onBlur={(event) => {
            if (engaged && !event.currentTarget.contains(event.relatedTarget)) leave(false);
          }}
        >
          {items.map((item) => (
            <ToastCard key={item.id} item={item} onDone={() => engaged && leave(true)} />
          ))}
        </ol>
      </section>
    </Theme>,
    document.body,
  );
}
