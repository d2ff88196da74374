// The card's GitHub activity in one short run of marks: days since the last push, an open pull
// request, the checks. Each mark is an image with its words (and a tooltip), not a control: the
// card already has several tab stops, and the evaluation dialog and learner record have the links.
import type { CardActivity as Activity } from '@lp/contract/github';
import { memo, type ReactNode } from 'react';
import {
  checksText,
  DEFAULT_NO_PUSH_DAYS,
  lastPushText,
  NO_REPOSITORY_TEXT,
  pullRequestText,
  REPOSITORY_DELETED_TEXT,
} from '../model/activity.ts';
import { ChecksIcon, CommitIcon, PullRequestIcon, RepositoryIcon } from './icons.tsx';

function Mark({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <span role="img" aria-label={label} title={label} className={`lp-activity__mark ${className}`}>
      {children}
    </span>
  );
}

export const CardActivity = memo(function CardActivity({
  activity,
}: {
  activity: Activity | null;
}) {
  if (activity === null) {
    return (
      <span className="lp-activity">
        <Mark label={NO_REPOSITORY_TEXT} className="lp-activity__mark--muted">
          <RepositoryIcon variant="none" />
        </Mark>
      </span>
    );
  }
  if (activity.repository.deleted) {
    return (
      <span className="lp-activity">
        <Mark label={REPOSITORY_DELETED_TEXT} className="lp-activity__mark--muted">
          <RepositoryIcon variant="deleted" />
        </Mark>
      </span>
    );
  }
  const days = activity.days_since_push;
  // Idle as long as the board's default 'no push' filter would pick the learner out.
  const idle = days === null || days >= DEFAULT_NO_PUSH_DAYS;
  return (
    <span className="lp-activity">
      <Mark
        label={lastPushText(activity)}
        className={idle ? 'lp-activity__mark--idle' : 'lp-activity__mark--push'}
      >
        <CommitIcon />
        <span aria-hidden="true">{days === null ? '–' : `${days}d`}</span>
      </Mark>
      {activity.pull_request && (
        <Mark label={pullRequestText(activity.pull_request)} className="lp-activity__mark--pull">
          <PullRequestIcon />
        </Mark>
      )}
      {activity.checks && (
        <Mark
          label={checksText(activity.checks)}
          className={`lp-activity__mark--${activity.checks}`}
        >
          <ChecksIcon state={activity.checks} />
        </Mark>
      )}
    </span>
  );
});
