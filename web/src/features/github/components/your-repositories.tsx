// The learner's own repositories on their dashboard: the checks of their current project's
// repository first, then every link, and a form to link one of theirs (no Undo: the learner's
// history is staff's).
import { Flex, Link, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { useRepositories } from '../api/repositories.ts';
import { NO_REPOSITORIES } from '../model/texts.ts';
import { ChecksBadge } from './checks-badge.tsx';
import { LinkRepositoryForm, type ProjectChoice } from './link-repository-form.tsx';
import { RepositoryList } from './repository-list.tsx';

export interface YourRepositoriesProps {
  learnerId: number;
  currentProject: ProjectChoice | null;
}

export function YourRepositories({ learnerId, currentProject }: YourRepositoriesProps) {
  const repositories = useRepositories(learnerId);

  let body: ReactNode;
  if (repositories.isPending) body = <Loading label="Loading your repositories…" />;
  else if (repositories.isError)
    body = <ErrorCallout error={repositories.error} retry={() => repositories.refetch()} compact />;
  else if (repositories.data.length === 0) body = <EmptyState title={NO_REPOSITORIES} />;
  else {
    // Newest first, so the first one of the project is the one the board's card shows.
    const current = currentProject
      ? repositories.data.find((link) => link.project_id === currentProject.id)
      : undefined;
    body = (
      <>
        {currentProject && (
          <Flex gap="2" align="center" wrap="wrap" mb="3" data-testid="current-repository">
            <Text size="2" weight="medium">
              {currentProject.name}:
            </Text>
            {current ? (
              <>
                <Link href={current.url} target="_blank" rel="noreferrer" size="2">
                  {current.full_name}
                </Link>
                <ChecksBadge checks={current.checks} />
              </>
            ) : (
              <Text size="2" color="gray">
                no repository linked yet
              </Text>
            )}
          </Flex>
        )}
        <RepositoryList links={repositories.data} />
      </>
    );
  }

  return (
    <>
      {body}
      <LinkRepositoryForm
        learnerId={learnerId}
        currentProject={currentProject}
        note="https://github.com/owner/name, owned by your GitHub login or your cohort's organisation"
        onLinked={(link) =>
          toast.show(`Linked ${link.full_name}`, { type: 'done', duration: 'normal' })
        }
      />
    </>
  );
}
