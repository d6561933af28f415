import { type Extensions, extensionPoint } from '../../platform/modules';

/**
 * Where questions are used (sections, attempts, ...): a question in use cannot be deleted. The question bank owns
 * the extension point `questionUsages`; an area that uses questions contributes a check in its register(), e.g.
 *   deps.extensions.contribute(questionUsages, 'sections',
 *     { name: 'sections', label: 'a test section', check: (ids) => repo.questionsInSections(ids) });
 * `check` answers the ids (of those given) that are in use.
 */
export type QuestionUsage = {
  /** Unique name (the contribution's key: a name given twice is refused). */
  name: string;
  /** How the refusal names the place ("This question cannot be deleted: it is used in {label}."); default name. */
  label?: string;
  check: (questionIds: readonly number[]) => Promise<readonly number[]>;
};

export const questionUsages = extensionPoint.many<QuestionUsage>('questionBank.usages', {
  description: 'where a question is used (a question in use cannot be deleted)',
});

export type QuestionUsages = ReturnType<typeof createQuestionUsages>;

/** The contributed usages, read at each call; `register` contributes more (tests add a probe this way). */
export function createQuestionUsages(extensions: Pick<Extensions, 'contribute' | 'all'>) {
  return {
    register(...usages: QuestionUsage[]) {
      for (const u of usages) extensions.contribute(questionUsages, u.name, u);
    },
    /** The first usage that holds any of the ids, with the ids it holds; null when none does. */
    async inUse(
      questionIds: readonly number[],
    ): Promise<{ label: string; questionIds: readonly number[] } | null> {
      if (!questionIds.length) return null;
      for (const u of extensions.all(questionUsages)) {
        const used = await u.check(questionIds);
        if (used.length) return { label: u.label ?? u.name, questionIds: used };
      }
      return null;
    },
  };
}
