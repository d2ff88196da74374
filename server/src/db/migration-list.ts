import type { Migration } from 'kysely';
import * as oneChangeFeed from './migrations/1000-one-change-feed.ts';
import * as cardsInTheBoardStatement from './migrations/1010-cards-in-the-board-statement.ts';
import * as stepQueue from './migrations/1020-step-queue.ts';
import * as changedTablesInTransaction from './migrations/1030-changed-tables-in-transaction.ts';
import * as githubActivity from './migrations/1040-github-activity.ts';
import * as interventions from './migrations/1050-interventions.ts';
import * as stayLengths from './migrations/1055-stay-lengths.ts';
import * as serverSecrets from './migrations/1060-server-secrets.ts';
import * as liveStreams from './migrations/1070-live-streams.ts';
import * as passwordLinks from './migrations/1080-password-links.ts';
import * as apiTokens from './migrations/1100-api-tokens.ts';
import * as outgoingWebhooks from './migrations/1110-outgoing-webhooks.ts';
import * as ltiTool from './migrations/1120-lti-tool.ts';
import * as raisedHealthFlags from './migrations/1130-raised-health-flags.ts';
import * as schoolSignIn from './migrations/1131-school-sign-in.ts';
import { migrations as earlierMigrations } from './migrations/index.ts';

// Every migration the migrator runs, in order. `migrations/index.ts` is history like the
// migrations it lists (frozen with them); a new migration is added here, under its feature's
// number range so names never collide, with its line in migration-checksums.ts.
export const migrations: Record<string, Migration> = {
  ...earlierMigrations,
  '1000-one-change-feed': oneChangeFeed,
  '1010-cards-in-the-board-statement': cardsInTheBoardStatement,
  '1020-step-queue': stepQueue,
  '1030-changed-tables-in-transaction': changedTablesInTransaction,
  '1040-github-activity': githubActivity,
  '1050-interventions': interventions,
  '1055-stay-lengths': stayLengths,
  '1060-server-secrets': serverSecrets,
  '1070-live-streams': liveStreams,
  '1080-password-links': passwordLinks,
  '1100-api-tokens': apiTokens,
  '1110-outgoing-webhooks': outgoingWebhooks,
  '1120-lti-tool': ltiTool,
  '1130-raised-health-flags': raisedHealthFlags,
  '1131-school-sign-in': schoolSignIn,
};
