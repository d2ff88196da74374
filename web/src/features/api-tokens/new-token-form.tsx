import type { ApiTokenScope, CreatedApiToken } from '@lp/contract/api-tokens';
import { Button, Flex, Select, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { FormField, showFieldErrors } from '@/ui/form-field.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { createApiToken, invalidateApiTokens, revokeApiToken } from './api.ts';

const LIFETIMES = [7, 30, 90, 365];

/** Undoing a new token is revoking it: nothing can have used it that the maker did not give it. */
async function undoCreation(created: CreatedApiToken, onUndone: () => void) {
  try {
    await revokeApiToken(created.id);
    onUndone();
    toast.show(`Revoked the new API token “${created.name}”`, { type: 'done' });
  } catch (error) {
    toast.show(errorText(error), { type: 'error', title: 'The token was not revoked' });
  }
}

/** Name, access and lifetime of a new token; the made token (with its secret) goes to `onMade`. */
export function NewTokenForm({
  onMade,
  onUndone,
}: {
  onMade: (token: CreatedApiToken) => void;
  onUndone: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [days, setDays] = useState('30');
  const [nameError, setNameError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!name.trim()) {
      showFieldErrors(form, () => setNameError('Name the token after what will use it.'));
      return;
    }
    setBusy(true);
    try {
      const created = await createApiToken({
        name: name.trim(),
        scope,
        expires_in_days: Number(days),
      });
      setName('');
      setNameError(undefined);
      onMade(created);
      toast.show(`Created the API token “${created.name}”`, {
        type: 'done',
        action: {
          label: 'Undo',
          onClick: () =>
            void undoCreation(created, () => {
              onUndone();
              void invalidateApiTokens(queryClient);
            }),
        },
      });
    } catch (error) {
      toast.show(errorText(error), { type: 'error', title: 'The token was not created' });
    } finally {
      setBusy(false);
      await invalidateApiTokens(queryClient);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="New API token" noValidate>
      <Flex gap="3" align="end" wrap="wrap">
        <FormField label="Name" error={nameError} required>
          {(control) => (
            <TextField.Root
              {...control}
              aria-required
              maxLength={80}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Nightly export"
            />
          )}
        </FormField>
        <FormField label="Access">
          {(control) => (
            <Select.Root
              value={scope}
              onValueChange={(value) => setScope(value === 'write' ? 'write' : 'read')}
            >
              <Select.Trigger id={control.id} />
              <Select.Content>
                <Select.Item value="read">Read only</Select.Item>
                <Select.Item value="write">Read and write</Select.Item>
              </Select.Content>
            </Select.Root>
          )}
        </FormField>
        <FormField label="Expires after">
          {(control) => (
            <Select.Root value={days} onValueChange={setDays}>
              <Select.Trigger id={control.id} />
              <Select.Content>
                {LIFETIMES.map((lifetime) => (
                  <Select.Item key={lifetime} value={String(lifetime)}>
                    {lifetime} days
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </FormField>
        <Button type="submit" loading={busy}>
          Create token
        </Button>
      </Flex>
    </form>
  );
}
