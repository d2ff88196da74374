// What the teams' answers say, in one place. The work at Slack and GitHub is done by a job
// (teams.slack.ts, teams.github.ts); the answer says what will not be done, and why.
import { conflict, HttpError } from '../../lib/http-errors.ts';
import type { SkippedRepositories } from './teams.github.ts';

const skippedRepositories = {
  'no-group-project': [],
  'github-not-configured': [
    'GitHub is not configured, so no group project repository was created.',
  ],
  'project-gone': ['No repository was created: the group project no longer exists.'],
  'no-organisation': [
    "No repository was created: the cohort's info has no student GitHub organisation URL.",
  ],
  'no-client-template': [
    'No repository was created: the group project has no client template repository.',
  ],
} satisfies Record<SkippedRepositories, string[]>;

/**
 * The message of a team save: its opening sentences, what Slack and GitHub will not do, and
 * whether a job is making the rest.
 */
export function teamsMessage(
  opening: string[],
  slackNotes: string[],
  skipped: SkippedRepositories | null,
  queued: boolean,
) {
  return [
    ...opening,
    ...slackNotes,
    ...(skipped ? skippedRepositories[skipped] : []),
    ...(queued ? ['Slack channels and repositories are being created.'] : []),
  ].join(' ');
}

/** Why tickets cannot be migrated, as the error of the request. */
export function ticketsRefusal(reason: 'github-not-configured' | 'no-client-template') {
  if (reason === 'github-not-configured')
    return new HttpError(503, 'GitHub is not configured, so tickets cannot be migrated');
  return conflict('The group project has no client template repository to copy tickets from');
}
