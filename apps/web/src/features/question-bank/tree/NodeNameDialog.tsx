import {
  type NodeRenameInput,
  nodeRenameSchema,
  type TreeNode,
  treeMessages as tm,
} from '@assess/contracts/questions';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AppModal } from '../../../components/AppModal';
import { FormText } from '../../../components/FormFields';
import { useToast } from '../../../components/Toast';
import { isApiError } from '../../../lib/api';
import { useCreateCategory, useCreateTopic, useRenameNode } from '../api';

/** What the name dialog does: a category (root or under a category), a topic (under a category or topic), a rename. */
export type NodeAction =
  | { kind: 'category'; parent: TreeNode | null }
  | { kind: 'topic'; parent: TreeNode }
  | { kind: 'rename'; node: TreeNode };

function titleOf(a: NodeAction) {
  if (a.kind === 'rename') return a.node.nodeType === 'category' ? 'Rename Category' : 'Rename Topic';
  if (a.kind === 'category') return a.parent ? `New Sub-Category in ${a.parent.name}` : 'New Category';
  return a.parent.nodeType === 'topic'
    ? `New Sub-Topic in ${a.parent.name}`
    : `New Topic in ${a.parent.name}`;
}

/** Create a category or topic, or rename one: one name field (the server's schema), the server's message. */
export function NodeNameDialog({
  action,
  onClose,
}: {
  action: NodeAction;
  onClose: (savedKey?: string) => void;
}) {
  const toast = useToast();
  const createCategory = useCreateCategory();
  const createTopic = useCreateTopic();
  const rename = useRenameNode();
  const busy = createCategory.isPending || createTopic.isPending || rename.isPending;
  const { control, handleSubmit, formState } = useForm<NodeRenameInput>({
    resolver: zodResolver(nodeRenameSchema),
    defaultValues: { name: action.kind === 'rename' ? action.node.name : '' },
  });

  const save = handleSubmit(async ({ name }) => {
    try {
      const res =
        action.kind === 'rename'
          ? await rename.mutateAsync({ nodeType: action.node.nodeType, id: action.node.id, name })
          : action.kind === 'category'
            ? await createCategory.mutateAsync({ name, parentCategoryId: action.parent?.id ?? null })
            : await createTopic.mutateAsync(
                action.parent.nodeType === 'topic'
                  ? { name, parentTopicId: action.parent.id }
                  : { name, categoryId: action.parent.id },
              );
      toast.success(res.message);
      onClose(res.node.key);
    } catch (e) {
      toast.error(isApiError(e) && e.status !== 0 ? e.message : tm.failed, { duration: 5000 });
    }
  });

  return (
    <AppModal
      open
      onClose={() => onClose()}
      dirty={formState.isDirty}
      title={titleOf(action)}
      maxWidth="xs"
      showCancel
      okText="Save"
      onOk={save}
      okLoading={busy}
      disableClose={busy}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <FormText
          control={control}
          name="name"
          label="Name"
          required
          inputProps={{ maxLength: 100, autoFocus: true }}
        />
      </form>
    </AppModal>
  );
}
