import { Button, Callout } from '@radix-ui/themes';

/** A failed read: what went wrong, and a retry. */
export function ErrorLine({ error, retry }: { error: Error | null; retry?: () => void }) {
  return (
    <Callout.Root color="red" role="alert" size="1">
      <Callout.Text>
        {error?.message ?? 'Something went wrong.'}{' '}
        {retry && (
          <Button size="1" variant="soft" onClick={retry}>
            Try again
          </Button>
        )}
      </Callout.Text>
    </Callout.Root>
  );
}
