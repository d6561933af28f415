/**
 * A table of numeric codes with their display names, declared once (key: [id, name]): `codes` the ids by key
 * (literal types, as `{ ... } as const`), `names` the display name by id.
 */
export function codeTable<const T extends Record<string, readonly [number, string]>>(table: T) {
  type Id = T[keyof T][0];
  const entries = Object.entries(table) as [keyof T, readonly [Id, string]][];
  return {
    codes: Object.fromEntries(entries.map(([key, [id]]) => [key, id])) as {
      readonly [K in keyof T]: T[K][0];
    },
    names: Object.fromEntries(entries.map(([, [id, name]]) => [id, name])) as Record<Id, string>,
  };
}
