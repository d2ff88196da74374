import type { RepositoryLink } from '@lp/contract/github';
import { Button, Select, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { FormField } from '@/ui/form-field.tsx';
import { useLinkRepository } from '../api/repositories.ts';

export interface ProjectChoice {
  id: number;
  name: string;
}

export interface LinkRepositoryFormProps {
  learnerId: number;
  /** The learner's current project, linked to by default; null when they have none. */
  currentProject: ProjectChoice | null;
  /** Other projects staff may link the repository to instead; none offers no choice. */
  otherProjects?: ProjectChoice[];
  onLinked: (link: RepositoryLink, historyId: number | null) => void;
  /** Whose repositories may be linked, in the reader's words. */
  note?: string;
}

const CURRENT = 'current';

/** A repository's address and, for staff, its project; the server's refusal shown at the field. */
export function LinkRepositoryForm({
  learnerId,
  currentProject,
  otherProjects = [],
  onLinked,
  note = "https://github.com/owner/name, owned by the learner's GitHub login or their cohort's organisation",
}: LinkRepositoryFormProps) {
  const link = useLinkRepository(learnerId);
  const [url, setUrl] = useState('');
  const [project, setProject] = useState(CURRENT);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    if (address === '') {
      setError('Enter the address of the repository on GitHub.');
      return;
    }
    setError(undefined);
    // Without projectId the server takes the learner's current project.
    const body =
      project === CURRENT ? { url: address } : { url: address, projectId: Number(project) };
    link.mutate(body, {
      onSuccess: ({ body: linked, historyId }) => {
        setUrl('');
        setProject(CURRENT);
        onLinked(linked, historyId);
      },
      onError: (failure) => setError(errorText(failure)),
    });
  };

  return (
    <form className="lp-github-form" onSubmit={submit} noValidate aria-label="Link a repository">
      <div className="lp-github-form__url">
        <FormField label="Repository URL" note={note} error={error}>
          {(control) => (
            <TextField.Root
              {...control}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://github.com/owner/name"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          )}
        </FormField>
      </div>
      {otherProjects.length > 0 && (
        <FormField label="Project">
          {(control) => (
            <Select.Root value={project} onValueChange={setProject}>
              <Select.Trigger id={control.id} aria-describedby={control['aria-describedby']} />
              <Select.Content>
                <Select.Item value={CURRENT}>
                  {currentProject ? `${currentProject.name} (current)` : 'Current project'}
                </Select.Item>
                {otherProjects.map((choice) => (
                  <Select.Item key={choice.id} value={String(choice.id)}>
                    {choice.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </FormField>
      )}
      <Button type="submit" loading={link.isPending} className="lp-github-form__submit">
        Link repository
      </Button>
    </form>
  );
}
