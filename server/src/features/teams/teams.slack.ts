// The teams' Slack work, as steps of jobs (server/src/jobs): a channel per new team
// with its members invited, and the channels of deleted teams archived.
import type { Team } from '@lp/contract/teams';
import type { FastifyInstance } from 'fastify';
import { SlackClient } from '../../integrations/slack.ts';
import { defineStep, type PlannedStep, StepFailure } from '../../jobs/steps.ts';
import { audit } from '../../lib/audit.ts';
import * as repo from './teams.repository.ts';

export const CHANNELS_PHASE = 'Creating Slack channels';

/** Slack channel name: `{prefix}-{last word of the cohort name}-{6 random letters}`. */
export function channelName(prefix: string, cohortName: string, random = Math.random) {
  const last = cohortName.trim().split(/\s+/).at(-1) ?? '';
  const suffix = Array.from({ length: 6 }, () =>
    String.fromCharCode(97 + Math.floor(random() * 26)),
  ).join('');
  const clean = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return [clean(prefix), clean(last), suffix].filter(Boolean).join('-').slice(-80);
}

interface ChannelInput {
  teamId: number;
  /** Chosen when the job is planned, so every attempt looks for the same channel. */
  name: string;
}

/** The key of a team's channel step, for the steps that need the channel (`after`). */
export const channelKey = (teamId: number) => `channel:${teamId}`;

/** One channel step per new team when Slack is configured; otherwise a sentence saying so. */
export function planTeamChannels(
  app: FastifyInstance,
  teams: Team[],
  prefix: string,
  cohortName: string,
): { steps: PlannedStep[]; notes: string[] } {
  if (!new SlackClient(app.config.slack).configured)
    return { steps: [], notes: ['Slack is not configured, so no Slack channel was created.'] };
  return {
    notes: [],
    steps: teams.map((team) => ({
      kind: teamChannelStep.kind,
      phase: CHANNELS_PHASE,
      label: `${team.group_name} Slack channel`,
      key: channelKey(team.id),
      input: { teamId: team.id, name: channelName(prefix, cohortName) } satisfies ChannelInput,
    })),
  };
}

/**
 * The team's channel, made once: a channel already recorded on the team is kept, and a channel
 * of that name made by an earlier attempt (whose answer was lost) is found instead of made
 * again. Then its members are invited (members already in it count).
 */
export const teamChannelStep = defineStep<ChannelInput>({
  kind: 'team-channel',
  async run({ teamId, name }, { app, actorId, repeated, transaction }) {
    const slack = new SlackClient(app.config.slack, { maxWaitMs: 0 });
    const team = await repo.findTeam(app.db, teamId);
    if (!team) throw new StepFailure('The team no longer exists');
    let channel = team.slack_channel;
    if (!channel) {
      // An earlier attempt may have made it and died before recording it.
      channel =
        (repeated ? await slack.findChannel(name) : null) ?? (await slack.ensureChannel(name));
      const made = channel;
      await transaction(async (trx) => {
        await repo.setSlackChannel(trx, team.id, made);
        await audit(trx, {
          actorId,
          action: 'update',
          entity: 'team',
          entityId: team.id,
          before: { slack_channel: team.slack_channel },
          after: { slack_channel: made, slack_channel_name: name },
        });
      });
    }
    const handles = await repo.slackHandles(app.db, await repo.allMemberIds(app.db, team.id));
    await slack.ensureInvited(channel, handles);
    return { summary: `#${name}`, channel };
  },
});

export const ANNOUNCEMENTS_PHASE = 'Announcing repositories';

interface AnnouncementInput {
  teamId: number;
  kind: 'client' | 'api';
  url: string;
}

/**
 * When Slack is configured, a step posting the address of a new repository in its team's
 * channel, after the channel and the repository are made (`after`: their steps' keys).
 */
export const announcementStep = (
  app: FastifyInstance,
  team: Team,
  input: Omit<AnnouncementInput, 'teamId'> & { label: string },
  after: string[],
): PlannedStep[] =>
  new SlackClient(app.config.slack).configured
    ? [
        {
          kind: announceRepositoryStep.kind,
          phase: ANNOUNCEMENTS_PHASE,
          label: `${team.group_name} ${input.label} repository in Slack`,
          after: [channelKey(team.id), ...after],
          input: { teamId: team.id, kind: input.kind, url: input.url } satisfies AnnouncementInput,
        },
      ]
    : [];

/**
 * Posts the address of a new repository in the team's channel, once: a later attempt first
 * looks for the message among the channel's latest. A team without a channel hears nothing.
 */
export const announceRepositoryStep = defineStep<AnnouncementInput>({
  kind: 'team-repository-announcement',
  async run({ teamId, kind, url }, { app, repeated }) {
    const team = await repo.findTeam(app.db, teamId);
    if (!team) throw new StepFailure('The team no longer exists');
    if (!team.slack_channel) return { summary: 'The team has no Slack channel' };
    const slack = new SlackClient(app.config.slack, { maxWaitMs: 0 });
    const text = `🐙 Your ${kind === 'api' ? 'API' : 'client'} repository has been created. Visit the URL below and clone the project to your machine.\n\n${url}`;
    if (!(repeated && (await slack.hasRecentMessage(team.slack_channel, text))))
      await slack.sendMessage(team.slack_channel, text);
    return { summary: 'Posted' };
  },
});

/** One archive step per deleted team with a channel, when Slack is configured. */
export function planArchives(app: FastifyInstance, teams: Team[]): PlannedStep[] {
  if (!new SlackClient(app.config.slack).configured) return [];
  return teams
    .filter((team) => team.slack_channel)
    .map((team) => ({
      kind: archiveChannelStep.kind,
      phase: 'Archiving Slack channels',
      label: `${team.group_name} Slack channel`,
      input: { channel: team.slack_channel },
    }));
}

/** Archives a deleted team's channel; archiving it again changes nothing. */
export const archiveChannelStep = defineStep<{ channel: string }>({
  kind: 'team-channel-archive',
  async run({ channel }, { app }) {
    await new SlackClient(app.config.slack, { maxWaitMs: 0 }).ensureArchived(channel);
    return { summary: 'Archived' };
  },
});
