// Each committed migration file's SHA-256 (its first 16 hex digits), taken when it was
// committed. A committed migration is history: it never changes, as databases already ran it
// (db/migration-checksums.test.ts refuses a changed one). A new migration adds one line here,
// the line that test's message gives, in the commit that adds the migration.
export const migrationChecksums: Record<string, string> = {
  '0001-initial-model': '30b9204b67d43cd9',
  '0100-sign-in-failures': 'c1cfacce5da53861',
  '0500-board-versions': '4508a06aea1e64af',
  '0520-board-version-notifications': '3c3f22b4990de3b2',
  '0530-learner-cards': '0b8b1e6ec3905dda',
  '0540-health-versions': '71f2ed4400b462aa',
  '0610-audit-redaction': '0bc6cefaf47421a6',
  '0630-personal-slack-ids': '59393f04bf971af5',
  '0700-live-board': '7105ba42a8c5b902',
  '0710-read-indexes': '8e3537e8e9581cf6',
  '0720-table-changes': '41b2d4064261c0b2',
  '0800-cohort-digests': 'be95a999832e3596',
  '0900-jobs': 'b1e90c6622d461b8',
  '0910-digest-jobs': '089bd35b25682df4',
  '1000-one-change-feed': 'e5d1b377b82176a8',
  '1010-cards-in-the-board-statement': '681c0a980dfdeecf',
  '1020-step-queue': '000f9b2cde8b3415',
  index: 'a1b4318bb84f3900',
  '1030-changed-tables-in-transaction': '43d161584c8b0b83',
  '1040-github-activity': '4be786c3a36574e6',
  '1050-interventions': 'f7291330a6b06be1',
  '1055-stay-lengths': 'ee77ea4a452ef6d7',
  '1060-server-secrets': 'fc0e04a3eb68e4d6',
  '1070-live-streams': '0ec90a1bcef7f7e5',
  '1080-password-links': '0e12df1e5f4facd2',
  '1100-api-tokens': 'cbca0fbf50f129db',
  '1110-outgoing-webhooks': '3f668090f1f3b93e',
  '1120-lti-tool': '6722c6c370aaa511',
  '1130-raised-health-flags': 'f6470357f3dfb014',
  '1131-school-sign-in': '5214bb0e70be2a64',
  'run-statements': '3f79c1dcd555bf69',
};

// What a migration sent when committed, where its file was later made self-contained (0530
// wrote out the SQL it built with the application's helpers): the SHA-256 of its statements,
// in order.
export const migrationStatementChecksums: Record<string, string> = {
  '0530-learner-cards': '50c7b100ce9cad6b',
};
