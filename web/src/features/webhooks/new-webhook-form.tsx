import type { CreatedWebhook, WebhookEvent } from '@lp/contract/webhooks';
import { Button, Checkbox, Flex, Text, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { FieldNote, FormField, showFieldErrors } from '@/ui/form-field.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { createWebhook, deleteWebhook, invalidateWebhooks } from './api.ts';
import { EVENT_NAMES, EVENTS } from './event-names.ts';

/** The URL and the events of a new webhook; the made webhook (with its secret) goes to `onMade`. */
export function NewWebhookForm({ onMade }: { onMade: (webhook: CreatedWebhook) => void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['learner.moved']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [busy, setBusy] = useState(false);

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) =>
      on
        ? EVENTS.filter((e) => e === event || current.includes(e))
        : current.filter((e) => e !== event),
    );

  async function submit(form: HTMLFormElement) {
    const missing = {
      ...(url.trim() ? {} : { url: 'Give the address that receives the events.' }),
      ...(events.length > 0 ? {} : { events: 'Choose at least one event.' }),
    };
    if (missing.url || missing.events) {
      showFieldErrors(form, () => setErrors(missing));
      return;
    }
    setBusy(true);
    try {
      const made = await createWebhook({ url: url.trim(), events });
      setUrl('');
      setErrors({});
      onMade(made);
      toast.show(`Added the webhook to ${made.url}`, {
        type: 'done',
        action: {
          label: 'Undo',
          onClick: () =>
            void deleteWebhook(made.id).then(
              () => invalidateWebhooks(queryClient),
              (error: unknown) => toast.show(errorText(error), { type: 'error' }),
            ),
        },
      });
    } catch (error) {
      // The server names the field: a refused address is the URL's error.
      if (error instanceof ApiError && error.status === 400 && /^url/.test(error.message)) {
        showFieldErrors(form, () => setErrors({ url: error.message }));
      } else {
        toast.show(errorText(error), { type: 'error', title: 'The webhook was not added' });
      }
    } finally {
      setBusy(false);
      await invalidateWebhooks(queryClient);
    }
  }

  return (
    <form
      aria-label="New webhook"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      <Flex direction="column" gap="3" maxWidth="560px">
        <FormField label="URL" error={errors.url} required note="A public http or https address.">
          {(control) => (
            <TextField.Root
              {...control}
              aria-required
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder="https://lms.example.edu/hooks/learning-platform"
            />
          )}
        </FormField>
        <fieldset
          aria-invalid={Boolean(errors.events)}
          style={{ border: 0, padding: 0, margin: 0 }}
        >
          <legend>
            <Text size="2" weight="medium">
              Events
            </Text>
          </legend>
          <Flex direction="column" gap="1">
            {EVENTS.map((event) => (
              <Text as="label" size="2" key={event}>
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={events.includes(event)}
                    onCheckedChange={(checked) => toggle(event, checked === true)}
                  />
                  {EVENT_NAMES[event]} <Text color="gray">({event})</Text>
                </Flex>
              </Text>
            ))}
          </Flex>
          {errors.events && <FieldNote error>{errors.events}</FieldNote>}
        </fieldset>
        <Button type="submit" loading={busy} style={{ alignSelf: 'start' }}>
          Add webhook
        </Button>
      </Flex>
    </form>
  );
}
