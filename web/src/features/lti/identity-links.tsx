import type { LtiIdentity } from '@lp/contract/lti';
import { Button, Code, Flex, Table, Text, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { AppDialog } from '@/ui/dialog/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { FormField } from '@/ui/form-field.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { invalidateLti, linkIdentity, useLtiIdentities } from './api.ts';

/** Links the LMS user to the account of a user name; the toast's Undo links the earlier one. */
function LinkDialog({ identity, onClose }: { identity: LtiIdentity; onClose(): void }) {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function link(to: string, undo: boolean) {
    const linked = await linkIdentity(identity.id, to);
    toast.show(
      `${undo ? 'Undone: ' : ''}LMS user ${identity.subject} signs in as ${linked.name} (${linked.username})`,
      {
        type: 'done',
        ...(undo
          ? {}
          : {
              action: {
                label: 'Undo',
                onClick: () =>
                  void link(identity.username, true).catch((failure: unknown) =>
                    toast.show(errorText(failure), { type: 'error' }),
                  ),
              },
            }),
      },
    );
    await invalidateLti(queryClient);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim()) {
      setError('Give the user name of the account.');
      return;
    }
    setBusy(true);
    try {
      await link(username.trim(), false);
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Link to an existing account"
      description={`LMS user ${identity.subject} signs in as ${identity.name} (${identity.username}) now. Their launches sign in to the account you name from now on.`}
    >
      <form
        aria-label="Link to an existing account"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <Flex direction="column" gap="3">
          <FormField label="User name" error={error} required>
            {(control) => (
              <TextField.Root
                {...control}
                aria-required
                value={username}
                onChange={(event) => setUsername(event.target.value)}
              />
            )}
          </FormField>
          <Flex gap="3" justify="end">
            <Button type="button" variant="soft" color="gray" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Link
            </Button>
          </Flex>
        </Flex>
      </form>
    </AppDialog>
  );
}

/** Which account each LMS user signs in to, with staff's link to another. */
export function IdentityLinks() {
  const identities = useLtiIdentities();
  const [linking, setLinking] = useState<LtiIdentity>();
  return (
    <QueryView query={identities} what="LMS users">
      {(list) =>
        list.length === 0 ? (
          <EmptyState
            title="No LMS users yet"
            description="A person appears here after their first launch or a roster sync."
          />
        ) : (
          <>
            <Table.Root variant="surface">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Account</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>LMS user</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Linked by</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((identity) => (
                  <Table.Row key={identity.id}>
                    <Table.RowHeaderCell>
                      {identity.name}
                      <Text as="div" size="1" color="gray">
                        {identity.username}
                        {identity.is_staff ? ' · staff' : ''}
                      </Text>
                    </Table.RowHeaderCell>
                    <Table.Cell>
                      <Code variant="ghost" style={{ wordBreak: 'break-all' }}>
                        {identity.subject}
                      </Code>
                      <Text as="div" size="1" color="gray">
                        {identity.issuer}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{identity.linked_by_staff ? 'Staff' : 'Their launch'}</Table.Cell>
                    <Table.Cell justify="end">
                      <Button
                        variant="soft"
                        onClick={() => setLinking(identity)}
                        aria-label={`Link LMS user ${identity.subject} to another account`}
                      >
                        Link…
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            {linking && <LinkDialog identity={linking} onClose={() => setLinking(undefined)} />}
          </>
        )
      }
    </QueryView>
  );
}
