import {
  type TopicwiseCreate,
  type TopicwiseCreateInput,
  topicStepLicenceIssue,
  topicwiseEndpointFor,
  topicwiseEndpoints,
} from '@assess/contracts/topicwise';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { testListKeys } from '../tests/list/api';

export type TopicwiseFormValues = TopicwiseCreateInput;

/** createTests or CreateCombinedTopicsTest (§7); the tests list is read again afterwards. */
export function useCreateTopicwise() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TopicwiseCreate) =>
      call(topicwiseEndpointFor(body.topics.combinedTopicTest), { body }),
    onSettled: () => client.invalidateQueries({ queryKey: testListKeys.all }),
  });
}

/**
 * The topic step's early licence check (§5): the caller's tests + the chosen topics + 1 within the Tests limit.
 * Null when allowed, or when the count cannot be read (the create checks again on the server).
 */
export async function topicStepIssue(chosenTopics: number): Promise<string | null> {
  try {
    return topicStepLicenceIssue(await call(topicwiseEndpoints.count), chosenTopics);
  } catch {
    return null;
  }
}
