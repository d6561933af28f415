import { type QuestionGridQueryInput, questionBankEndpoints as qb } from '@assess/contracts/questions';
import {
  sectionEndpoints as e,
  type PoolTopicsInput,
  type SectionFormInput,
  type SectionQuestionInput,
} from '@assess/contracts/sections';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useListQuery, useRefreshingWrite } from '../../lib/queries';
import { questionBankKeys } from '../question-bank/api';
import { testEditorKeys } from '../tests/editor/api';

/** Query keys of the sections step (everything under ['sections', testId] is refreshed after a write). */
export const sectionKeys = {
  test: (testId: number) => ['sections', testId] as const,
  list: (testId: number) => ['sections', testId, 'list'] as const,
  questions: (testId: number, poolId: number, page: number, size: number) =>
    ['sections', testId, 'questions', poolId, page, size] as const,
  picker: (testId: number, poolId: number, query: QuestionGridQueryInput) =>
    ['sections', testId, 'picker', poolId, query] as const,
};

export function useSections(testId: number) {
  return useQuery({
    queryKey: sectionKeys.list(testId),
    queryFn: () => call(e.list, { params: { testId } }),
  });
}

export function useSectionQuestions(testId: number, poolId: number, page: number, pageSize: number) {
  return useListQuery(sectionKeys.questions(testId, poolId, page, pageSize), () =>
    call(e.questions, { params: { poolId }, query: { pageNumber: page, pageSize } }),
  );
}

export function usePicker(testId: number, poolId: number, query: QuestionGridQueryInput) {
  return useListQuery(sectionKeys.picker(testId, poolId, query), () =>
    call(e.picker, { params: { poolId }, query }),
  );
}

/**
 * A write of the step: refreshes the sections (counts, supply, questions) and the editor's readiness and
 * preview; never the test being edited (the editor keeps it as loaded).
 */
const useSectionMutation = <A, R>(testId: number, fn: (args: A) => Promise<R>, bank = false) =>
  useRefreshingWrite(fn, [
    sectionKeys.test(testId),
    testEditorKeys.readiness(testId),
    testEditorKeys.preview(testId),
    ...(bank ? [questionBankKeys.all] : []),
  ]);

export const useSaveSection = (testId: number) =>
  useSectionMutation(testId, (a: { poolId: number | null; body: SectionFormInput }) =>
    a.poolId === null
      ? call(e.create, { params: { testId }, body: a.body })
      : call(e.update, { params: { poolId: a.poolId }, body: a.body }),
  );

export const useSectionAction = (testId: number) =>
  useSectionMutation(
    testId,
    (
      a:
        | { kind: 'delete'; poolId: number }
        | { kind: 'move'; poolId: number; direction: 'up' | 'down' }
        | { kind: 'lock'; poolId: number; lock: boolean },
    ) => {
      const params = { poolId: a.poolId };
      if (a.kind === 'delete') return call(e.delete, { params });
      if (a.kind === 'move') return call(e.move, { params, body: { direction: a.direction } });
      return call(e.lock, { params, body: { lock: a.lock } });
    },
  );

export const useQuestionAction = (testId: number) =>
  useSectionMutation(
    testId,
    (
      a: { poolId: number; questionId: number } & (
        | { kind: 'remove' }
        | { kind: 'move'; direction: 'up' | 'down' }
        | { kind: 'lock'; lock: boolean }
        | { kind: 'mandatory'; isMandatory: boolean }
      ),
    ) => {
      const params = { poolId: a.poolId, questionId: a.questionId };
      if (a.kind === 'remove') return call(e.removeQuestion, { params });
      if (a.kind === 'move') return call(e.moveQuestion, { params, body: { direction: a.direction } });
      if (a.kind === 'lock') return call(e.lockQuestion, { params, body: { lock: a.lock } });
      return call(e.mandatoryQuestion, { params, body: { isMandatory: a.isMandatory } });
    },
  );

export const useAddQuestions = (testId: number) =>
  useSectionMutation(testId, (a: { poolId: number; questionIds: number[] }) =>
    call(e.addQuestions, { params: { poolId: a.poolId }, body: { questionIds: a.questionIds } }),
  );

export const useSetTopics = (testId: number) =>
  useSectionMutation(testId, (a: { poolId: number; body: PoolTopicsInput }) =>
    call(e.setTopics, { params: { poolId: a.poolId }, body: a.body }),
  );

export const useNewSectionQuestion = (testId: number) =>
  useSectionMutation(
    testId,
    (a: { poolId: number; body: SectionQuestionInput }) =>
      call(e.newQuestion, { params: { poolId: a.poolId }, body: a.body }),
    true,
  );

/**
 * Publishes an own Ready question of the section through the question bank (part 2 §8 'Test Question published
 * successfully'); refreshes the section's rows and the bank.
 */
export const usePublishSectionQuestion = (testId: number) =>
  useSectionMutation(testId, (questionId: number) => call(qb.publish, { params: { questionId } }), true);

/** After the question dialog edited a question of the section: its rows (code, text, status) are read again. */
export function useRefreshSection(testId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: sectionKeys.test(testId) });
}
