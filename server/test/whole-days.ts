const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Instants whole days before one moment (`from`, taken once per file), as ISO text: spans between
 * two of them are whole days exactly, and the extra hour keeps each clear of a day's boundary.
 */
export const daysBefore = (from: number) => (days: number) =>
  new Date(from - days * DAY_MS - HOUR_MS).toISOString();
