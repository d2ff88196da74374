// Pure helpers of the cohort screens: the invitation link.
import { API_BASE } from '@/lib/api-client.ts';

/** The API base as an absolute URL: a relative '/api' is taken on this page's origin. */
export function absoluteApiBase(base: string = API_BASE, origin: string = window.location.origin) {
  return /^https?:\/\//.test(base) ? base : `${origin}${base}`;
}

/** The sign-in link that enrols a learner: {api}/auth/github/url?cohort={id}&v={secret}. */
export function invitationUrl(cohortId: number, secret: string, base = absoluteApiBase()) {
  return `${base}/auth/github/url?cohort=${cohortId}&v=${encodeURIComponent(secret)}`;
}
