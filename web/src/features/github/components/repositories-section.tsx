// The learner overlay's repositories (staff): each linked repository, 'Unlink' at once with Undo in
// the toast (as tags and notes are removed), and a form to link another.
import type { RepositoryLink } from '@lp/contract/github';
import { Box, Heading } from '@radix-ui/themes';
import { type ReactNode, useId, useRef, useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { useRepositories, useUnlinkRepository } from '../api/repositories.ts';
import { NO_REPOSITORIES } from '../model/texts.ts';
import { LinkRepositoryForm, type ProjectChoice } from './link-repository-form.tsx';
import { RepositoryList } from './repository-list.tsx';

export interface RepositoriesSectionProps {
  learnerId: number;
  learnerName: string;
  currentProject: ProjectChoice | null;
  /**
   * Says a change was made, offering its undo. The caller owns the learner's history (the learners
   * feature), so this feature does not import it back.
   */
  onUndoable: (text: string, historyId: number | null) => void;
}

/** Projects other links name, for linking a repository to one that is not the current. */
function otherProjectsOf(links: RepositoryLink[], current: ProjectChoice | null): ProjectChoice[] {
  const byId = new Map<number, string>();
  for (const link of links) {
    if (link.project_id !== null && link.project_name !== null && link.project_id !== current?.id)
      byId.set(link.project_id, link.project_name);
  }
  return [...byId].map(([id, name]) => ({ id, name }));
}

export function RepositoriesSection({
  learnerId,
  learnerName,
  currentProject,
  onUndoable,
}: RepositoriesSectionProps) {
  const repositories = useRepositories(learnerId);
  const unlink = useUnlinkRepository();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [unlinking, setUnlinking] = useState<number | null>(null);

  const remove = (link: RepositoryLink) => {
    setUnlinking(link.id);
    unlink.mutate(link, {
      onSuccess: ({ historyId }) => {
        // Its button is gone: focus stays in the section rather than falling to <body>.
        heading.current?.focus();
        onUndoable(`Unlinked ${link.full_name} from ${learnerName}`, historyId);
      },
      onError: (error) => toast.show(errorText(error), { type: 'error', duration: 'normal' }),
      onSettled: () => setUnlinking(null),
    });
  };

  let body: ReactNode;
  if (repositories.isPending) body = <Loading label="Loading repositories…" />;
  else if (repositories.isError)
    body = <ErrorCallout error={repositories.error} retry={() => repositories.refetch()} compact />;
  else if (repositories.data.length === 0) body = <EmptyState title={NO_REPOSITORIES} />;
  else body = <RepositoryList links={repositories.data} onUnlink={remove} unlinking={unlinking} />;

  return (
    <Box asChild mb="4">
      <section aria-labelledby={headingId}>
        <Heading as="h3" size="3" mb="2" id={headingId} ref={heading} tabIndex={-1}>
          Repositories
        </Heading>
        {body}
        <LinkRepositoryForm
          learnerId={learnerId}
          currentProject={currentProject}
          otherProjects={otherProjectsOf(repositories.data ?? [], currentProject)}
          onLinked={(link, historyId) =>
            onUndoable(`Linked ${link.full_name} to ${learnerName}`, historyId)
          }
        />
      </section>
    </Box>
  );
}
