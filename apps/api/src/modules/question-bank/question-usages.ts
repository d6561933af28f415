/**
 * Where questions are used (sections, attempts, ...): a question in use cannot be deleted. There is no
 * module-wide registry: registerQuestionBankModule makes one and returns it; the areas that use questions
 * register a check, e.g.
 *   questionUsages.register({ name: 'sections', label: 'a section', check: async (ids) => idsInSomePool(ids) });
 * `check` answers the ids (of those given) that are in use.
 */
export type QuestionUsage = {
  /** Unique name (registering the same name again replaces the entry). */
  name: string;
  /** How the refusal names the place ("This question cannot be deleted: it is used in {label}."); default name. */
  label?: string;
  check: (questionIds: readonly number[]) => Promise<readonly number[]>;
};

export type QuestionUsages = ReturnType<typeof createQuestionUsages>;

export function createQuestionUsages() {
  const registry = new Map<string, QuestionUsage>();
  return {
    register(...usages: QuestionUsage[]) {
      for (const u of usages) registry.set(u.name, u);
    },
    /** The first usage that holds any of the ids, with the ids it holds; null when none does. */
    async inUse(
      questionIds: readonly number[],
    ): Promise<{ label: string; questionIds: readonly number[] } | null> {
      if (!questionIds.length) return null;
      for (const u of registry.values()) {
        const used = await u.check(questionIds);
        if (used.length) return { label: u.label ?? u.name, questionIds: used };
      }
      return null;
    },
  };
}
