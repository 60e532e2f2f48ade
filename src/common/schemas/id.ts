/** Every row id is a UUID: anything else cannot name a row (and must never reach a uuid cast). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isId = (value: string): boolean => UUID_PATTERN.test(value);
