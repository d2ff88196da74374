// The teams' Slack work: a channel per new team with its members invited, and the channels of
// deleted teams archived. Each step answers what happened; the service words the answer.
import type { Team } from '@lp/contract/teams';
import type { FastifyInstance } from 'fastify';
import { SlackClient } from '../../integrations/slack.ts';
import { audit } from '../../lib/audit.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import * as repo from './teams.repository.ts';

/** What happened to one team's channel. */
export type ChannelOutcome =
  | { kind: 'created'; team: string; name: string; membersAdded: boolean }
  | { kind: 'failed'; team: string; error: string };

/** What the Slack step did for the new teams. */
export type SlackOutcome =
  | { kind: 'skipped'; reason: 'slack-not-configured' }
  | { kind: 'done'; channels: ChannelOutcome[] };

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

/**
 * Creates one Slack channel per new team and invites its members, when Slack is configured.
 * The teams are already saved; a Slack refusal leaves a team without a channel. Each team that
 * gets a channel has it set on `teams` too, for the answer.
 */
export async function createTeamChannels(
  app: FastifyInstance,
  caller: SignedInPerson,
  teams: Team[],
  prefix: string,
  cohortName: string,
): Promise<SlackOutcome> {
  const slack = new SlackClient(app.config.slack);
  if (!slack.configured) return { kind: 'skipped', reason: 'slack-not-configured' };
  const channels: ChannelOutcome[] = [];
  for (const team of teams) {
    const name = channelName(prefix, cohortName);
    let channel: string;
    try {
      channel = await slack.createChannel(name);
      await app.db.transaction().execute(async (trx) => {
        await repo.setSlackChannel(trx, team.id, channel);
        await audit(trx, {
          actorId: caller.id,
          action: 'update',
          entity: 'team',
          entityId: team.id,
          before: { slack_channel: team.slack_channel },
          after: { slack_channel: channel, slack_channel_name: name },
        });
      });
    } catch (error) {
      channels.push({ kind: 'failed', team: team.group_name, error: (error as Error).message });
      continue;
    }
    team.slack_channel = channel;
    channels.push({
      kind: 'created',
      team: team.group_name,
      name,
      membersAdded: await inviteMembers(app, slack, team.id, channel),
    });
  }
  return { kind: 'done', channels };
}

/** Invites the team's members who have a Slack handle; false when Slack did not take them. */
async function inviteMembers(
  app: FastifyInstance,
  slack: SlackClient,
  teamId: number,
  channel: string,
) {
  try {
    const handles = await repo.slackHandles(app.db, await repo.allMemberIds(app.db, teamId));
    return handles.length === 0 || (await slack.inviteToChannel(channel, handles));
  } catch {
    return false;
  }
}

/** Posts the address of a new repository in the team's channel; a refusal changes nothing. */
export async function announceRepository(
  app: FastifyInstance,
  channel: string,
  kind: 'client' | 'api',
  url: string,
) {
  if (!channel) return;
  await new SlackClient(app.config.slack)
    .postMessage(
      channel,
      `🐙 Your ${kind === 'api' ? 'API' : 'client'} repository has been created. Visit the URL below and clone the project to your machine.\n\n${url}`,
    )
    .catch(() => false);
}

/** Archives the channels of deleted teams when Slack is configured; refusals are logged. */
export async function archiveTeamChannels(app: FastifyInstance, teams: Team[]) {
  const slack = new SlackClient(app.config.slack);
  if (!slack.configured) return;
  for (const team of teams) {
    const archived = await slack.archiveChannel(team.slack_channel).catch(() => false);
    if (team.slack_channel && !archived)
      app.log.warn({ channel: team.slack_channel }, 'Slack did not archive a team channel');
  }
}
