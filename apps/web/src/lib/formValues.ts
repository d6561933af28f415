/** A form's value of a field the record may lack (null or undefined): the empty text then. */
type TextOf<V> = Exclude<V, null | undefined> | '';

/**
 * The text fields of a form filled from a record: each named field as the record has it, or '' where the
 * record has none (an edit dialog's starting values).
 */
export function textsOf<T, K extends keyof T>(record: T, keys: readonly K[]): { [P in K]: TextOf<T[P]> } {
  return Object.fromEntries(keys.map((k) => [k, record[k] ?? ''])) as { [P in K]: TextOf<T[P]> };
}
