/** Named rate-limit presets, used as a route's `config.rateLimit`. */
export const rateLimits = {
  /** GitHub sign-in steps: generous for people, tight for scripts. */
  oauth: { max: 30, timeWindow: '1 minute' },
  /** Setting a password on a one-time link, making an account on an invitation link: the same. */
  accountSetup: { max: 30, timeWindow: '1 minute' },
  /**
   * LMS launches (features/lti): a whole class behind one school address opens the tool at the
   * start of a lesson, so the limit is per address but far above one person's.
   */
  ltiLaunch: { max: 600, timeWindow: '1 minute' },
};

/**
 * Failed password sign-ins are counted, not attempts: people open many tabs and sign in many
 * times a day. Counted within this window per device cookie (SIGNIN_RATE_LIMIT) for a browser
 * that signed in as that user name before, else per account (SIGNIN_RATE_LIMIT) and per address
 * (SIGNIN_ADDRESS_RATE_LIMIT) separately (see features/auth/sign-in-failures.ts).
 */
export const failedSignInWindowMs = 15 * 60_000;
