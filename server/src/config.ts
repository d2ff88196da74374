import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DIGEST_DAYS, type DigestDay } from '@lp/contract/digest';

// Environment → typed configuration. A bad value stops start-up with a message naming the setting.

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * Where LISTEN runs (DATABASE_LISTEN_URL): the server itself when DATABASE_URL is a pooler in
   * transaction mode, which does not deliver notifications. Null: on DATABASE_URL.
   */
  databaseListenUrl: string | null;
  /** Connections the server keeps to a PostgreSQL server (DATABASE_URL). */
  dbPoolSize: number;
  /** How long a transaction may sit idle before the PostgreSQL server ends it (0: its own rule). */
  dbIdleInTransactionMs: number;
  apiPrefix: string;
  passwordSignIn: boolean;
  /**
   * Whether outgoing webhooks may go to loopback, private and other non-public addresses
   * (WEBHOOKS_ALLOW_PRIVATE): off, so that a webhook cannot reach into the server's network.
   */
  webhooksAllowPrivate: boolean;
  publicUrl: string;
  clientUrl: string;
  corsOrigin: string | null;
  demoPassword: string;
  /**
   * Failed password sign-ins per account, and per address, within 15 minutes; from a browser with
   * a device cookie for the user name, per device cookie instead (features/auth/device-cookies.ts).
   */
  signInRateLimit: number;
  signInAddressRateLimit: number;
  /** The proxies whose X-Forwarded-For names the caller's address: none, or their addresses. */
  trustProxy: false | string[];
  staffGithubLogins: string[];
  github: {
    clientId: string | null;
    clientSecret: string | null;
    oauthUrl: string;
    apiUrl: string;
    token: string | null;
    /** The secret GitHub signs webhook deliveries with; null = deliveries answered 503. */
    webhookSecret: string | null;
  };
  /**
   * Sign-in through the school's OpenID Connect provider (features/oidc); null when
   * OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not all set.
   */
  oidc: OidcSettings | null;
  slack: {
    apiUrl: string;
    token: string | null;
    /** How long one call waits for Slack's answer before it counts as unanswered. */
    timeoutMs: number;
  };
  /** Shared secret of the Foundations exercise site's progress uploads; null = uploads refused. */
  foundationsUploadSecret: string | null;
  logLevel: string;
  webDist: string | null;
  /** The live board's streams (features/board/live). */
  live: {
    /** How often a `heartbeat` event keeps proxies from closing an idle stream. */
    heartbeatMs: number;
    /** Open streams per person, across every server process on the database; more are 429. */
    connectionsPerPerson: number;
    /** A stream ends after this long and the client reconnects (null = never). */
    streamMaxMs: number | null;
  };
  /** The durable queue of GitHub and Slack work (server/src/jobs). */
  jobs: JobSettings;
  /** The thresholds of a cohort's health flags (features/cohort-health, contract/src/health.ts). */
  health: HealthSettings;
  /** Where backups go, and the running server's automatic ones (embedded database only). */
  backup: {
    dir: string;
    /** Hours between automatic backups; 0 = none. */
    everyHours: number;
    /** Automatic backups kept; older ones are deleted. */
    keep: number;
  };
  /** When the weekly cohort digest goes to the coaches (features/cohort-health/digest.*), in the display zone. */
  digest: { day: DigestDay; hour: number };
}

export interface JobSettings {
  /** Jobs this process works on at once; 0 leaves them to other processes. */
  concurrency: number;
  /** How long a claimed job stays this process's without a renewal (a dead process's is resumed after it). */
  leaseMs: number;
  /** How often the queue is looked at besides the notification of a new job. */
  pollMs: number;
  /** The first wait after a server error or no answer; it doubles with each attempt. */
  backoffMs: number;
  /** The longest wait for a rate limit or a backoff; longer ones are cut to it. */
  maxWaitMs: number;
  /** Attempts of one step before it is marked failed. */
  maxAttempts: number;
}

export interface HealthSettings {
  /** Past learners a project or book needs before its pace is judged. */
  minHistory: number;
  /** The percentile of past learners' days on a project or book beyond which pace is flagged. */
  pacePercentile: number;
  /** The evidence (2 a strong flag, 1 a supporting one) that makes a learner "act now". */
  actNowEvidence: number;
  /** Days a learner's flag rests after staff reached out, unless a new strong reason appears. */
  restDays: number;
  /** Days a self-assessment may wait for review before it is flagged. */
  reviewWaitDays: number;
  /** Days without a project move or a self-assessment change before a learner is flagged. */
  inactiveDays: number;
  /** Achieved learning objectives below the cohort's median that flag a learner. */
  objectivesBehind: number;
  /** A core skill rated at or below this level flags a learner. */
  coreSkillLevel: number;
  /** Days without a push to the current project's repository that count as a signal. */
  noPushDays: number;
  /** Days the latest pushed commit's checks may fail before they count as a signal. */
  failingChecksDays: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got '${raw}'`);
}

function readDay(env: Env, name: string, fallback: DigestDay): DigestDay {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  const day = DIGEST_DAYS.find((each) => each === raw);
  if (!day)
    throw new ConfigError(
      `${name} must be a day of the week (monday … sunday), got '${env[name]}'`,
    );
  return day;
}

function readUrl(env: Env, name: string, fallback: string | null): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  try {
    const url = new URL(raw);
    if (!/^https?:$/.test(url.protocol)) throw new Error('protocol');
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got '${raw}'`);
  }
  return raw.replace(/\/+$/, '');
}

function readPrefix(env: Env): string {
  const raw = env.API_PREFIX;
  if (raw === undefined) return '/api';
  if (raw === '' || raw === '/') return '';
  if (!/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/.test(raw)) {
    throw new ConfigError(`API_PREFIX must start with '/' and not end with '/', got '${raw}'`);
  }
  return raw;
}

function readDatabaseUrl(env: Env, name: 'DATABASE_URL' | 'DATABASE_LISTEN_URL'): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError(`${name} must be a postgres:// URL`);
  }
  return raw;
}

function readSecret(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (raw.length < 16) throw new ConfigError(`${name} must be at least 16 characters long`);
  return raw;
}

// proxy-addr's names for address ranges, accepted as well as addresses and CIDR ranges.
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function readTrustProxy(env: Env): false | string[] {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || /^(false|no|off)$/i.test(raw)) return false;
  const addresses = raw.split(',').map((part) => part.trim());
  for (const address of addresses) {
    if (proxyRangeNames.has(address)) continue;
    const [ip, bits, extra] = address.split('/');
    const version = isIP(ip ?? '');
    const maxBits = version === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!version || !validBits || extra !== undefined) {
      throw new ConfigError(
        `TRUST_PROXY must list the proxies' addresses (e.g. 10.0.0.1,10.1.0.0/16 or loopback), got '${raw}'`,
      );
    }
  }
  return addresses;
}

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name on the sign-in button: 'Sign in with <name>'. */
  name: string;
  /** Staff accounts sign in only this way: not by password, not by GitHub. */
  requiredForStaff: boolean;
}

function readOidc(env: Env): OidcSettings | null {
  const issuerUrl = readUrl(env, 'OIDC_ISSUER_URL', null);
  const clientId = env.OIDC_CLIENT_ID || null;
  const clientSecret = env.OIDC_CLIENT_SECRET || null;
  const requiredForStaff = readBool(env, 'OIDC_REQUIRED_FOR_STAFF', false);
  if (!issuerUrl || !clientId || !clientSecret) {
    if (issuerUrl || clientId || clientSecret || requiredForStaff)
      throw new ConfigError(
        'OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are needed together ' +
          '(and by OIDC_REQUIRED_FOR_STAFF)',
      );
    return null;
  }
  return {
    issuerUrl,
    clientId,
    clientSecret,
    name: env.OIDC_NAME?.trim() || 'your school account',
    requiredForStaff,
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = readInt(env, 'PORT', 8000, 0, 65535);
  const databaseUrl = readDatabaseUrl(env, 'DATABASE_URL');
  // The embedded demo has documented passwords: only this machine reaches it unless HOST says so.
  const host = env.HOST || (databaseUrl === null ? '127.0.0.1' : '0.0.0.0');
  const publicUrl = readUrl(env, 'PUBLIC_URL', `http://localhost:${port}`) as string;
  const logins = (env.STAFF_GITHUB_LOGINS ?? '')
    .split(',')
    .map((login) => login.trim().toLowerCase())
    .filter(Boolean);
  // Relative to where `npm start` was run (npm's INIT_CWD), not the server workspace.
  const fromStart = (path: string) => resolve(env.INIT_CWD ?? '.', path);
  return {
    port,
    host,
    dataDir: env.DATA_DIR || fromStart('data'),
    databaseUrl,
    databaseListenUrl: databaseUrl === null ? null : readDatabaseUrl(env, 'DATABASE_LISTEN_URL'),
    dbPoolSize: readInt(env, 'DB_POOL_SIZE', 10, 1, 1000),
    dbIdleInTransactionMs: readInt(env, 'DB_IDLE_IN_TRANSACTION_MS', 30_000, 0, 86_400_000),
    apiPrefix: readPrefix(env),
    // Password sign-in is for the embedded demo by default; a server deployment opts in.
    passwordSignIn: readBool(env, 'PASSWORD_SIGNIN', databaseUrl === null),
    webhooksAllowPrivate: readBool(env, 'WEBHOOKS_ALLOW_PRIVATE', false),
    publicUrl,
    clientUrl: readUrl(env, 'CLIENT_URL', publicUrl) as string,
    corsOrigin: readUrl(env, 'CORS_ORIGIN', null),
    demoPassword: env.DEMO_PASSWORD || 'learnops',
    signInRateLimit: readInt(env, 'SIGNIN_RATE_LIMIT', 10, 1, 100_000),
    signInAddressRateLimit: readInt(env, 'SIGNIN_ADDRESS_RATE_LIMIT', 50, 1, 1_000_000),
    trustProxy: readTrustProxy(env),
    staffGithubLogins: logins,
    github: {
      clientId: env.GITHUB_CLIENT_ID || null,
      clientSecret: env.GITHUB_CLIENT_SECRET || null,
      oauthUrl: readUrl(env, 'GITHUB_OAUTH_URL', 'https://github.com') as string,
      apiUrl: readUrl(env, 'GITHUB_API_URL', 'https://api.github.com') as string,
      token: env.GITHUB_TOKEN || null,
      webhookSecret: readSecret(env, 'GITHUB_WEBHOOK_SECRET'),
    },
    oidc: readOidc(env),
    slack: {
      apiUrl: readUrl(env, 'SLACK_API_URL', 'https://slack.com/api') as string,
      token: env.SLACK_BOT_TOKEN || null,
      timeoutMs: readInt(env, 'SLACK_TIMEOUT_MS', 10_000, 100, 600_000),
    },
    foundationsUploadSecret: readSecret(env, 'FOUNDATIONS_UPLOAD_SECRET'),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: env.WEB_DIST === undefined ? null : env.WEB_DIST,
    live: {
      heartbeatMs: readInt(env, 'LIVE_HEARTBEAT_SECONDS', 25, 1, 3600) * 1000,
      connectionsPerPerson: readInt(env, 'LIVE_CONNECTIONS_PER_PERSON', 6, 1, 1000),
      streamMaxMs:
        env.LIVE_STREAM_MAX_SECONDS === undefined || env.LIVE_STREAM_MAX_SECONDS === ''
          ? null
          : readInt(env, 'LIVE_STREAM_MAX_SECONDS', 0, 0, 86_400) * 1000,
    },
    jobs: {
      concurrency: readInt(env, 'JOB_CONCURRENCY', 2, 0, 64),
      leaseMs: readInt(env, 'JOB_LEASE_MS', 60_000, 200, 3_600_000),
      pollMs: readInt(env, 'JOB_POLL_MS', 2_000, 10, 600_000),
      backoffMs: readInt(env, 'JOB_BACKOFF_MS', 2_000, 1, 600_000),
      // GitHub asks for a minute or more after a secondary rate limit, up to the hour's reset.
      maxWaitMs: readInt(env, 'JOB_MAX_WAIT_MS', 3_600_000, 1, 86_400_000),
      maxAttempts: readInt(env, 'JOB_MAX_ATTEMPTS', 8, 1, 100),
    },
    health: {
      minHistory: readInt(env, 'HEALTH_MIN_HISTORY', 5, 1, 10_000),
      pacePercentile: readInt(env, 'HEALTH_PACE_PERCENTILE', 90, 50, 99),
      actNowEvidence: readInt(env, 'HEALTH_ACT_NOW_EVIDENCE', 4, 2, 100),
      restDays: readInt(env, 'HEALTH_REST_DAYS', 7, 0, 365),
      reviewWaitDays: readInt(env, 'HEALTH_REVIEW_WAIT_DAYS', 3, 0, 365),
      inactiveDays: readInt(env, 'HEALTH_INACTIVE_DAYS', 7, 1, 365),
      objectivesBehind: readInt(env, 'HEALTH_OBJECTIVES_BEHIND', 3, 1, 10_000),
      coreSkillLevel: readInt(env, 'HEALTH_CORE_SKILL_LEVEL', 3, 1, 10),
      noPushDays: readInt(env, 'HEALTH_NO_PUSH_DAYS', 5, 1, 365),
      failingChecksDays: readInt(env, 'HEALTH_FAILING_CHECKS_DAYS', 2, 0, 365),
    },
    backup: {
      dir: env.BACKUP_DIR ? fromStart(env.BACKUP_DIR) : fromStart('backups'),
      // A week at most: one timer's longest delay is under 25 days.
      everyHours: readInt(env, 'BACKUP_EVERY_HOURS', 24, 0, 168),
      keep: readInt(env, 'BACKUP_KEEP', 7, 1, 1000),
    },
    digest: {
      day: readDay(env, 'DIGEST_DAY', 'monday'),
      hour: readInt(env, 'DIGEST_HOUR', 8, 0, 23),
    },
  };
}
