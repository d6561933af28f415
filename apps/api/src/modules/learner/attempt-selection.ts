import { resolvedMarks } from '@assess/contracts/learner';
import { type SectionSource, seededRandom } from '@assess/contracts/sections';
import type { FrozenSection } from '../../db/schema';
import type { AttemptsRepository, DrawScope, TestRow } from './attempts.repository';
import { selectPreferringUnseen } from './start-rules';

/**
 * The question selection an attempt freezes (an online start, a paper form): each section's fixed questions and
 * its draw from its topics (the seed decides; questions in `seen` come last), with the current question versions
 * and the marks each question is worth.
 */
export async function frozenSelection(
  attempts: Pick<AttemptsRepository, 'sectionSources' | 'currentVersions'>,
  o: { test: TestRow; scope: DrawScope; seen: ReadonlySet<number>; seed: number; now: Date },
): Promise<FrozenSection[]> {
  const { test } = o;
  const src = await attempts.sectionSources(test.testId, o.scope);
  const sources: SectionSource[] = src.sections.map((s) => ({
    questionCount: s.questionCount,
    fixed: src.fixed.filter((f) => f.poolId === s.poolId),
    randomizeType: s.randomizeType,
    questionsPerTopic: s.questionsPerTopic,
    questionTypes: s.questionTypes,
    topics: [...new Set(src.candidates.filter((c) => c.poolId === s.poolId).map((c) => c.topicId))].map(
      (topicId) => ({
        topicId,
        candidates: src.candidates.filter((c) => c.poolId === s.poolId && c.topicId === topicId),
      }),
    ),
  }));
  const picked = selectPreferringUnseen(sources, o.seen, seededRandom(o.seed));
  const versions = new Map(
    (await attempts.currentVersions(picked.flat(), o.now)).map((v) => [v.questionId, v]),
  );
  return src.sections.map((s, i) => ({
    poolId: s.poolId,
    name: s.name,
    maxQuestionForScore: s.maxQuestionForScore,
    passingScore: s.passingScore,
    isMandatoryToPass: s.isMandatoryToPass,
    questions: (picked[i] ?? []).flatMap((questionId) => {
      const v = versions.get(questionId);
      if (!v) return [];
      const pick = src.fixed.find((f) => f.poolId === s.poolId && f.questionId === questionId);
      return [
        {
          questionId,
          versionId: v.versionId,
          questionType: v.questionType,
          choiceCount: v.questionType === 4 ? 0 : v.choiceCount,
          ...resolvedMarks({ pickPoints: pick?.points, section: s, test }),
          isMandatory: pick?.isMandatory ?? false,
          choiceFormat: s.choiceFormat,
        },
      ];
    }),
  }));
}
