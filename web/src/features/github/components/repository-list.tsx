import { REPOSITORY_SOURCE_LABELS } from '@lp/contract/constants';
import type { RepositoryLink } from '@lp/contract/github';
import { Badge, Button, Flex, Link, Text } from '@radix-ui/themes';
import { formatDateTime } from '@/lib/dates.ts';
import { relativeTime } from '../model/texts.ts';
import { ChecksBadge } from './checks-badge.tsx';
import './github.css';

export interface RepositoryListProps {
  links: RepositoryLink[];
  /** Offers 'Unlink' on each (staff). */
  onUnlink?: (link: RepositoryLink) => void;
  /** The link being unlinked, whose button waits. */
  unlinking?: number | null;
}

/** Each repository with where the link came from, its project, latest push and checks. */
export function RepositoryList({ links, onUnlink, unlinking = null }: RepositoryListProps) {
  return (
    <ul className="lp-github-list" aria-label="Repositories">
      {links.map((link) => (
        <li key={link.id}>
          <Flex gap="2" align="center" wrap="wrap">
            <Link href={link.url} target="_blank" rel="noreferrer" weight="medium" size="2">
              {link.full_name}
            </Link>
            {link.deleted && <Badge color="gray">Deleted on GitHub</Badge>}
            <ChecksBadge checks={link.checks} />
            <Badge color="blue" variant="outline">
              {REPOSITORY_SOURCE_LABELS[link.source]}
            </Badge>
            {onUnlink && (
              <Button
                size="1"
                variant="soft"
                color="red"
                loading={unlinking === link.id}
                aria-label={`Unlink ${link.full_name}`}
                onClick={() => onUnlink(link)}
              >
                Unlink
              </Button>
            )}
          </Flex>
          <Text as="p" size="1" color="gray">
            {link.project_name ? `Project: ${link.project_name}` : 'No project'}
            {' · '}
            {link.last_push_at ? (
              <>
                Last push{' '}
                <time dateTime={link.last_push_at} title={formatDateTime(link.last_push_at)}>
                  {relativeTime(link.last_push_at)}
                </time>
              </>
            ) : (
              'Nothing pushed yet'
            )}
          </Text>
        </li>
      ))}
    </ul>
  );
}
