// Text search in SQL. A searched word is matched literally: the LIKE wildcards it may contain
// (%, _ and the escape character \) are escaped, so "50%" finds "50%" and not every name.

/** `text` with LIKE's special characters escaped (Postgres' default escape character is \). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** An (i)like pattern matching values that contain `text` anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
