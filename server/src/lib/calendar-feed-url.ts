import type { FastifyInstance } from 'fastify';

/** The iCalendar subscription URL of a cohort: absolute, carrying the cohort's feed secret. */
export function calendarFeedUrl(app: FastifyInstance, cohortId: number, secret: string) {
  const base = `${app.config.publicUrl}${app.config.apiPrefix}`;
  return `${base}/cohorts/${cohortId}/calendar.ics?secret=${encodeURIComponent(secret)}`;
}
