import {
  type AnswersSaveInput,
  type BulkUpdateInput,
  type CategoryCreateInput,
  type ContentFilterId,
  type QuestionCreateInput,
  type QuestionGridQueryInput,
  type QuestionUpdateInput,
  questionBankEndpoints as qb,
  type TopicCreateInput,
} from '@assess/contracts/questions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useRefreshingWrite } from '../../lib/queries';

/** Query keys of the question bank (everything under ['question-bank'] is refreshed after a write). */
export const questionBankKeys = {
  all: ['question-bank'] as const,
  tree: (contentFilter: ContentFilterId) => ['question-bank', 'tree', contentFilter] as const,
  list: (query: QuestionGridQueryInput) => ['question-bank', 'questions', query] as const,
  detail: (id: number) => ['question-bank', 'question', id] as const,
  preview: (id: number) => ['question-bank', 'preview', id] as const,
  answers: (topicId: number, page: number) => ['question-bank', 'answers', topicId, page] as const,
  /** The dashboard's Questions card counts questions. */
  dashboard: ['dashboard'] as const,
};

export function useTree(contentFilter: ContentFilterId = 0) {
  return useQuery({
    queryKey: questionBankKeys.tree(contentFilter),
    queryFn: () => call(qb.tree, { query: { contentFilter } }),
  });
}

export function useQuestionList(query: QuestionGridQueryInput, enabled = true) {
  return useQuery({
    queryKey: questionBankKeys.list(query),
    queryFn: () => call(qb.list, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useQuestion(id: number | null) {
  return useQuery({
    queryKey: questionBankKeys.detail(id ?? 0),
    queryFn: () => call(qb.get, { params: { questionId: id ?? 0 } }),
    enabled: id !== null,
    // an editor always starts from what is stored now (its version is sent back on save) and is never
    // replaced behind the author's back: it reloads only when asked (or after its own save)
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useQuestionPreview(id: number | null) {
  return useQuery({
    queryKey: questionBankKeys.preview(id ?? 0),
    queryFn: () => call(qb.preview, { params: { questionId: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** Objective and target audience lists (cached 5 minutes, as every configuration lookup). */
export { useConfigurationLists as useQuestionLookups } from '../configuration/api';

export function useAnswersPage(topicId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: questionBankKeys.answers(topicId, page),
    queryFn: () => call(qb.answers, { params: { topicId }, query: { pageNumber: page } }),
    enabled,
    staleTime: 0,
    // the page's answers being set are never replaced behind the author's back
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Every write refreshes the tree, the grids and the dashboard's count. */
const useBankMutation = <A, R>(fn: (args: A) => Promise<R>) =>
  useRefreshingWrite(fn, [questionBankKeys.all, questionBankKeys.dashboard]);

export const useCreateCategory = () =>
  useBankMutation((body: CategoryCreateInput) => call(qb.createCategory, { body }));
export const useCreateTopic = () =>
  useBankMutation((body: TopicCreateInput) => call(qb.createTopic, { body }));
export const useRenameNode = () =>
  useBankMutation(({ nodeType, id, name }: { nodeType: 'category' | 'topic'; id: number; name: string }) =>
    nodeType === 'category'
      ? call(qb.renameCategory, { params: { categoryId: id }, body: { name } })
      : call(qb.renameTopic, { params: { topicId: id }, body: { name } }),
  );
export const useDeleteNode = () =>
  useBankMutation(({ nodeType, id }: { nodeType: 'category' | 'topic'; id: number }) =>
    nodeType === 'category'
      ? call(qb.deleteCategory, { params: { categoryId: id } })
      : call(qb.deleteTopic, { params: { topicId: id } }),
  );

export const useSaveQuestion = () =>
  useBankMutation(
    (
      a: { questionId: null; body: QuestionCreateInput } | { questionId: number; body: QuestionUpdateInput },
    ) =>
      a.questionId === null
        ? call(qb.create, { body: a.body })
        : call(qb.update, { params: { questionId: a.questionId }, body: a.body }),
  );
export const usePublishQuestion = () =>
  useBankMutation((questionId: number) => call(qb.publish, { params: { questionId } }));
export const useDeleteQuestion = () =>
  useBankMutation((questionId: number) => call(qb.delete, { params: { questionId } }));
export const useBulkUpdate = () => useBankMutation((body: BulkUpdateInput) => call(qb.bulkUpdate, { body }));
export const useBulkTopicMapping = () =>
  useBankMutation((body: { topicId: number; questionIds: number[] }) => call(qb.bulkTopicMapping, { body }));
export const useSaveAnswers = () =>
  useBankMutation(({ topicId, body }: { topicId: number; body: AnswersSaveInput }) =>
    call(qb.saveAnswers, { params: { topicId }, body }),
  );

/** Uploads one image (multipart "file"); the answer's imageId goes into the question, its url into <img>. */
export function uploadQuestionImage(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return call(qb.uploadImage, { body });
}
