import {
  ChatBubbleIcon,
  CheckCircledIcon,
  Cross2Icon,
  CrossCircledIcon,
  ExclamationTriangleIcon,
  InfoCircledIcon,
} from '@radix-ui/react-icons';
import { Button, IconButton, Text, Theme } from '@radix-ui/themes';
import { type ComponentType, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
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

function ToastCard({ item }: { item: ToastItem }) {
  const { color, Icon } = looks[item.type];
  const urgent = item.type === 'error' || item.type === 'warning';
  return (
    <li
      className="lp-toast"
      data-type={item.type}
      data-state={item.leaving ? 'closed' : 'open'}
      data-accent-color={color}
      onMouseEnter={() => pause(item.id)}
      onMouseLeave={() => resume(item.id)}
      onFocus={() => pause(item.id)}
      onBlur={() => resume(item.id)}
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
        <Text as="div" size="2">
          {item.text}
        </Text>
      </div>
      {item.action && (
        <Button
          size="1"
          variant="soft"
          onClick={() => {
            item.action?.onClick();
            dismiss(item.id);
          }}
        >
          {item.action.label}
        </Button>
      )}
      <IconButton
        size="1"
        variant="ghost"
        color="gray"
        aria-label="Dismiss notification"
        onClick={() => dismiss(item.id)}
      >
        <Cross2Icon />
      </IconButton>
    </li>
  );
}

/**
 * Renders the toasts at the bottom of the page; mount once, inside the Radix <Theme>. They live
 * in a portal on <body> above open dialogs (as the dialogs' own portals do), so a toast's Undo
 * can be clicked while the dialog the change was made in is still open.
 */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return createPortal(
    <Theme asChild>
      <section className="lp-toaster" aria-label="Notifications" aria-live="polite">
        <ol className="lp-toaster__list">
          {items.map((item) => (
            <ToastCard key={item.id} item={item} />
          ))}
        </ol>
      </section>
    </Theme>,
    document.body,
  );
}
