import {
  type TopicwiseCreate,
  type TopicwiseCreateInput,
  topicwiseEndpointFor,
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
