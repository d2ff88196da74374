/** A json column's value: node-postgres and PGlite parse it, some drivers hand over the text. */
export const parsedJson = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
