import type { Migration } from 'kysely';
import * as initialModel from './0001-initial-model.ts';
import * as signInFailures from './0100-sign-in-failures.ts';
import * as boardVersions from './0500-board-versions.ts';
import * as boardVersionNotifications from './0520-board-version-notifications.ts';
import * as learnerCards from './0530-learner-cards.ts';
import * as healthVersions from './0540-health-versions.ts';
import * as auditRedaction from './0610-audit-redaction.ts';
import * as personalSlackIds from './0630-personal-slack-ids.ts';
import * as liveBoard from './0700-live-board.ts';
import * as readIndexes from './0710-read-indexes.ts';
import * as tableChanges from './0720-table-changes.ts';
import * as cohortDigests from './0800-cohort-digests.ts';
import * as jobs from './0900-jobs.ts';
import * as digestJobs from './0910-digest-jobs.ts';

// Each feature adds its migrations here under its own number range, so names never collide.
export const migrations: Record<string, Migration> = {
  '0001-initial-model': initialModel,
  '0100-sign-in-failures': signInFailures,
  '0500-board-versions': boardVersions,
  '0520-board-version-notifications': boardVersionNotifications,
  '0530-learner-cards': learnerCards,
  '0540-health-versions': healthVersions,
  '0610-audit-redaction': auditRedaction,
  '0630-personal-slack-ids': personalSlackIds,
  '0700-live-board': liveBoard,
  '0710-read-indexes': readIndexes,
  '0720-table-changes': tableChanges,
  '0800-cohort-digests': cohortDigests,
  '0900-jobs': jobs,
  '0910-digest-jobs': digestJobs,
};
