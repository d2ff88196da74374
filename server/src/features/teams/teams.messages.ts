// What the teams' answers say, in one place: the Slack and GitHub steps report what they did
// (teams.slack.ts, teams.github.ts) and these functions word it for the instructor's toast.
import { conflict, HttpError } from '../../lib/http-errors.ts';
import type { RepositoriesOutcome, TicketsOutcome } from './teams.github.ts';
import type { SlackOutcome } from './teams.slack.ts';

function slackSentences(outcome: SlackOutcome): string[] {
  if (outcome.kind === 'skipped')
    return ['Slack is not configured, so no Slack channel was created.'];
  const created = outcome.channels.flatMap((c) => (c.kind === 'created' ? [`#${c.name}`] : []));
  const problems = outcome.channels.flatMap((channel) => {
    if (channel.kind === 'failed')
      return [`Slack did not create a channel for ${channel.team} (${channel.error}).`];
    if (!channel.membersAdded)
      return [`Slack did not add the members of ${channel.team} to #${channel.name}.`];
    return [];
  });
  return [
    ...(created.length > 0 ? [`Slack channels created: ${created.join(', ')}.`] : []),
    ...problems,
  ];
}

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
} satisfies Record<Extract<RepositoriesOutcome, { kind: 'skipped' }>['reason'], string[]>;

function repositorySentences(outcome: RepositoriesOutcome): string[] {
  if (outcome.kind === 'skipped') return skippedRepositories[outcome.reason];
  const created = outcome.repositories.flatMap((r) => (r.kind === 'created' ? [r.url] : []));
  const problems = outcome.repositories.flatMap((repository) => {
    if (repository.kind === 'failed')
      return [`No ${repository.label} repository for ${repository.team}: ${repository.error}.`];
    return [
      ...(repository.refusedMembers > 0
        ? [
            `${repository.refusedMembers} member(s) of ${repository.team} have no access to ${repository.path}.`,
          ]
        : []),
      ...(repository.ticketsError
        ? [`Tickets were not copied into ${repository.path}: ${repository.ticketsError}.`]
        : []),
    ];
  });
  if (created.length === 0) return problems;
  return [
    `Repositories created: ${created.join(', ')}.`,
    ...problems,
    `${outcome.copiedTickets} ticket(s) copied.`,
  ];
}

/** The message of a team save: its opening sentences, what Slack did, then what GitHub did. */
export const teamsMessage = (opening: string[], slack: SlackOutcome, github: RepositoriesOutcome) =>
  [...opening, ...slackSentences(slack), ...repositorySentences(github)].join(' ');

/** The answer of a ticket migration, or the error that says why there was none. */
export function ticketsAnswer(outcome: TicketsOutcome) {
  switch (outcome.kind) {
    case 'skipped':
      if (outcome.reason === 'github-not-configured')
        throw new HttpError(503, 'GitHub is not configured, so tickets cannot be migrated');
      throw conflict('The group project has no client template repository to copy tickets from');
    case 'failed':
      throw new HttpError(502, `Failed to migrate tickets: ${outcome.error}`);
    case 'copied':
      return {
        message: `Ticket migration initiated successfully: ${outcome.copied} ticket(s) copied into ${outcome.targets.join(', ')}`,
      };
  }
}
