import { testLimits } from '../tests/common';

/** One test the request asks for: its topic (null for a combined test), set number, code and name. */
export type PlannedTest = { topicId: number | null; setNo: number; code: string; name: string };

/**
 * Codes and names from the prefixes (part 3 §2 Code Prefix, Name Prefix): per topic `PREFIX-<topicId>-<set>`
 * and `<Name Prefix> <topic name> Set <set>`; combined tests `PREFIX-<set>` and `<Name Prefix> Set <set>`.
 * The topic id keeps codes unique and stable (a second run of the same topics meets its own codes); two chosen
 * topics of the same name get their id in the name too. Codes stay within the 40 characters a code may have.
 */
export function planTests(input: {
  topics: readonly { topicId: number; name: string }[];
  combined: boolean;
  setCount: number;
  codePrefix: string;
  namePrefix: string;
}): PlannedTest[] {
  const code = input.codePrefix.trim();
  const name = input.namePrefix.trim();
  const sets = Array.from({ length: input.setCount }, (_, i) => i + 1);
  if (input.combined)
    return sets.map((setNo) => ({
      topicId: null,
      setNo,
      code: `${code}-${setNo}`,
      name: `${name} Set ${setNo}`,
    }));
  const seen = new Map<string, number>();
  for (const t of input.topics) seen.set(t.name.toLowerCase(), (seen.get(t.name.toLowerCase()) ?? 0) + 1);
  return input.topics.flatMap((t) => {
    const label = (seen.get(t.name.toLowerCase()) ?? 0) > 1 ? `${t.name} (${t.topicId})` : t.name;
    return sets.map((setNo) => {
      const suffix = ` Set ${setNo}`;
      const room = testLimits.nameMax - name.length - 1 - suffix.length;
      return {
        topicId: t.topicId,
        setNo,
        code: `${code}-${t.topicId}-${setNo}`,
        name: `${name} ${label.slice(0, Math.max(0, room))}${suffix}`,
      };
    });
  });
}
