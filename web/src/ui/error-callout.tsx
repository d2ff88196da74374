import { Button, Callout } from '@radix-ui/themes';
import { ApiError } from '@/lib/api-client.ts';

interface ErrorCalloutProps {
  /** The failure; null when the thing asked for cannot exist (e.g. a malformed id in the URL). */
  error: unknown;
  /** What was being loaded ('course', 'notes'): names it in the message when the error does not. */
  what?: string;
  /** Offers "Try again" (a refetch). */
  retry?: () => void;
  /** Small, for dialogs and panels. */
  compact?: boolean;
}

export function errorCalloutText(error: unknown, what?: string): string {
  if (what && (error === null || (error instanceof ApiError && error.status === 404)))
    return `This ${what} does not exist (any more).`;
  if (error instanceof Error) return error.message;
  return what ? `Could not load the ${what}.` : 'Something went wrong.';
}

/** A failed read: what went wrong, and a retry when one is offered. */
export function ErrorCallout({ error, what, retry, compact = false }: ErrorCalloutProps) {
  return (
    <Callout.Root
      color="red"
      role="alert"
      size={compact ? '1' : '2'}
      mb={compact ? undefined : '3'}
    >
      <Callout.Text>
        {errorCalloutText(error, what)}
        {retry && (
          <>
            {' '}
            <Button size="1" variant="soft" onClick={retry}>
              Try again
            </Button>
          </>
        )}
      </Callout.Text>
    </Callout.Root>
  );
}
