import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for the embedded demo', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      databaseUrl: null,
      apiPrefix: '/api',
      passwordSignIn: true,
      demoPassword: 'learnops',
    });
  });

  it('keeps the embedded data in ./data of the folder npm start ran in', () => {
    expect(loadConfig({ INIT_CWD: '/srv/platform' }).dataDir).toBe('/srv/platform/data');
    expect(loadConfig({ INIT_CWD: '/srv/platform', DATA_DIR: '/var/lp' }).dataDir).toBe('/var/lp');
  });

  it('backs up daily into ./backups, keeping 7, unless the BACKUP_ settings say otherwise', () => {
    expect(loadConfig({ INIT_CWD: '/srv/platform' }).backup).toEqual({
      dir: '/srv/platform/backups',
      everyHours: 24,
      keep: 7,
    });
    const set = { INIT_CWD: '/srv/platform', BACKUP_DIR: 'saved', BACKUP_KEEP: '30' };
    expect(loadConfig({ ...set, BACKUP_EVERY_HOURS: '0' }).backup).toEqual({
      dir: '/srv/platform/saved',
      everyHours: 0,
      keep: 30,
    });
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: '-1' })).toThrow(/BACKUP_EVERY_HOURS/);
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: '1000' })).toThrow(/BACKUP_EVERY_HOURS/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it("takes the school's sign-in from the three OIDC_ settings together, or none", () => {
    expect(loadConfig({}).oidc).toBeNull();
    const school = {
      OIDC_ISSUER_URL: 'https://login.school.test/realms/main/',
      OIDC_CLIENT_ID: 'lp',
      OIDC_CLIENT_SECRET: 'secret',
    };
    expect(loadConfig(school).oidc).toEqual({
      issuerUrl: 'https://login.school.test/realms/main',
      clientId: 'lp',
      clientSecret: 'secret',
      name: 'your school account',
      requiredForStaff: false,
    });
    expect(
      loadConfig({ ...school, OIDC_NAME: 'Springfield SSO', OIDC_REQUIRED_FOR_STAFF: 'true' }).oidc,
    ).toMatchObject({ name: 'Springfield SSO', requiredForStaff: true });
    expect(() => loadConfig({ OIDC_ISSUER_URL: school.OIDC_ISSUER_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_REQUIRED_FOR_STAFF: 'true' })).toThrow(/OIDC_CLIENT_SECRET/);
    expect(() => loadConfig({ ...school, OIDC_ISSUER_URL: 'ldap://school' })).toThrow(
      /OIDC_ISSUER_URL/,
    );
  });

  it('turns password sign-in off by default on a PostgreSQL server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).passwordSignIn).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/app', PASSWORD_SIGNIN: 'on' }).passwordSignIn,
    ).toBe(true);
  });

  it('listens only on this machine with the embedded demo, everywhere with a server', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).host).toBe('0.0.0.0');
  });

  it('keeps 10 connections to a PostgreSQL server unless DB_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).dbPoolSize).toBe(10);
    expect(loadConfig({ DB_POOL_SIZE: '24' }).dbPoolSize).toBe(24);
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig({ DB_POOL_SIZE: 'many' })).toThrow(/DB_POOL_SIZE/);
  });

  it('has the PostgreSQL server end a transaction idle for 30 s unless told otherwise', () => {
    expect(loadConfig({}).dbIdleInTransactionMs).toBe(30_000);
    expect(loadConfig({ DB_IDLE_IN_TRANSACTION_MS: '0' }).dbIdleInTransactionMs).toBe(0);
    expect(() => loadConfig({ DB_IDLE_IN_TRANSACTION_MS: '-1' })).toThrow(
      /DB_IDLE_IN_TRANSACTION_MS/,
    );
  });

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16, ::1, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('sends the weekly digest on Monday at 8 unless DIGEST_DAY and DIGEST_HOUR say otherwise', () => {
    expect(loadConfig({}).digest).toEqual({ day: 'monday', hour: 8 });
    expect(loadConfig({ DIGEST_DAY: 'Friday', DIGEST_HOUR: '16' }).digest).toEqual({
      day: 'friday',
      hour: 16,
    });
    expect(() => loadConfig({ DIGEST_DAY: 'someday' })).toThrow(/DIGEST_DAY/);
    expect(() => loadConfig({ DIGEST_HOUR: '24' })).toThrow(/DIGEST_HOUR/);
  });

  it('mounts the API at the root with an empty prefix', () => {
    expect(loadConfig({ API_PREFIX: '' }).apiPrefix).toBe('');
  });

  it('listens for notifications on DATABASE_LISTEN_URL when set, else on DATABASE_URL', () => {
    const pooled = 'postgres://pgbouncer:6432/app';
    expect(loadConfig({ DATABASE_URL: pooled }).databaseListenUrl).toBeNull();
    expect(
      loadConfig({ DATABASE_URL: pooled, DATABASE_LISTEN_URL: 'postgres://db:5432/app' })
        .databaseListenUrl,
    ).toBe('postgres://db:5432/app');
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_LISTEN_URL: 'db:5432' })).toThrow(
      /DATABASE_LISTEN_URL must be a postgres:\/\/ URL/,
    );
  });

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://db', /DATABASE_URL/],
    ['API_PREFIX', 'api/', /API_PREFIX/],
    ['PASSWORD_SIGNIN', 'maybe', /PASSWORD_SIGNIN/],
    ['GITHUB_API_URL', 'not a url', /GITHUB_API_URL/],
    ['SIGNIN_RATE_LIMIT', '0', /SIGNIN_RATE_LIMIT/],
    ['SIGNIN_ADDRESS_RATE_LIMIT', 'many', /SIGNIN_ADDRESS_RATE_LIMIT/],
    ['TRUST_PROXY', 'true', /TRUST_PROXY/],
    ['TRUST_PROXY', '10.0.0.1/40', /TRUST_PROXY/],
    ['TRUST_PROXY', '2', /TRUST_PROXY/],
  ])('refuses %s=%s with a message naming it', (name, value, pattern) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(pattern);
  });
});
