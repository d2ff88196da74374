import type { LtiPlatformBody } from '@lp/contract/lti';
import { Button, Flex, TextArea, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '@/lib/api-client.ts';
import { FormField, showFieldErrors } from '@/ui/form-field.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { createPlatform, deletePlatform, invalidateLti } from './api.ts';

type Field = Exclude<keyof LtiPlatformBody, 'deployment_ids'> | 'deployment_ids';

const FIELDS: { name: Exclude<Field, 'deployment_ids'>; label: string; note: string }[] = [
  { name: 'name', label: 'Name', note: 'How staff here call it: “Canvas (district)”.' },
  {
    name: 'issuer',
    label: 'Issuer',
    note: 'The platform’s iss, e.g. https://canvas.instructure.com.',
  },
  { name: 'client_id', label: 'Client ID', note: 'The client id the LMS gave this tool.' },
  {
    name: 'authorization_endpoint',
    label: 'Authorization endpoint',
    note: 'The platform’s OIDC authentication URL.',
  },
  {
    name: 'token_endpoint',
    label: 'Token endpoint',
    note: 'Where this tool gets access tokens for rosters and grades.',
  },
  { name: 'jwks_url', label: 'JWKS URL', note: 'The platform’s public keys.' },
];

const empty = {
  name: '',
  issuer: '',
  client_id: '',
  authorization_endpoint: '',
  token_endpoint: '',
  jwks_url: '',
};

/** Deployment ids as staff paste them: one a line, or separated by commas. */
const deploymentIdsOf = (text: string) => [
  ...new Set(
    text
      .split(/[\n,]/)
      .map((id) => id.trim())
      .filter(Boolean),
  ),
];

/** The field a server's 400 names ('body.jwks_url is …'), if it is one of the form's. */
function fieldOf(message: string): Field | null {
  const named = message.match(/^body\.(\w+)/)?.[1];
  return named && (named === 'deployment_ids' || named in empty) ? (named as Field) : null;
}

/** Registers an LMS platform; its toast offers Undo (the platform is deleted again). */
export function PlatformForm() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(empty);
  const [deployments, setDeployments] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(form: HTMLFormElement) {
    const missing: Partial<Record<Field, string>> = {};
    for (const field of FIELDS)
      if (!values[field.name].trim())
        missing[field.name] = `Give the ${field.label.toLowerCase()}.`;
    const deploymentIds = deploymentIdsOf(deployments);
    if (deploymentIds.length === 0) missing.deployment_ids = 'Give at least one deployment id.';
    if (Object.keys(missing).length > 0) {
      showFieldErrors(form, () => setErrors(missing));
      return;
    }
    setBusy(true);
    try {
      const trimmed = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [name, value.trim()]),
      ) as typeof empty;
      const made = await createPlatform({ ...trimmed, deployment_ids: deploymentIds });
      setValues(empty);
      setDeployments('');
      setErrors({});
      toast.show(`Registered ${made.name}`, {
        type: 'done',
        action: {
          label: 'Undo',
          onClick: () =>
            void deletePlatform(made.id).then(
              () => invalidateLti(queryClient),
              (error: unknown) => toast.show(errorText(error), { type: 'error' }),
            ),
        },
      });
    } catch (error) {
      const field =
        error instanceof ApiError && error.status === 400 ? fieldOf(error.message) : null;
      if (field)
        showFieldErrors(form, () =>
          setErrors({ [field]: error instanceof Error ? error.message : '' }),
        );
      else
        toast.show(errorText(error), { type: 'error', title: 'The platform was not registered' });
    } finally {
      setBusy(false);
      await invalidateLti(queryClient);
    }
  }

  return (
    <form
      aria-label="Register a platform"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      <Flex direction="column" gap="3" maxWidth="560px">
        {FIELDS.map((field) => (
          <FormField
            key={field.name}
            label={field.label}
            error={errors[field.name]}
            required
            note={field.note}
          >
            {(control) => (
              <TextField.Root
                {...control}
                aria-required
                type={field.name === 'name' || field.name === 'client_id' ? 'text' : 'url'}
                value={values[field.name]}
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              />
            )}
          </FormField>
        ))}
        <FormField
          label="Deployment IDs"
          error={errors.deployment_ids}
          required
          note="One a line: the deployments of this tool in the LMS whose launches are taken."
        >
          {(control) => (
            <TextArea
              {...control}
              aria-required
              rows={2}
              value={deployments}
              onChange={(event) => setDeployments(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" loading={busy} style={{ alignSelf: 'start' }}>
          Register platform
        </Button>
      </Flex>
    </form>
  );
}
