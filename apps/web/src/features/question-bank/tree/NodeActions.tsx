import { hasPrivilege, type PrivilegeObject } from '@assess/contracts/access';
import { addTopicDepthIssue, treeNodeActions } from '@assess/contracts/questions';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import type { ReactNode } from 'react';
import { IconAction } from '../../../components/IconAction';
import type { TreeItem } from './treeModel';

export type NodeHandlers = {
  onAddCategory: (n: TreeItem) => void;
  onAddTopic: (n: TreeItem) => void;
  onRename: (n: TreeItem) => void;
  onDelete: (n: TreeItem) => void;
};

function Action({
  label,
  disabled,
  onClick,
  children,
  color,
  reason,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
  color?: 'error';
  /** Why the button is off, shown in its tooltip. */
  reason?: string | null;
}) {
  const tooltip = reason ? `${label}: ${reason}` : label;
  return (
    <IconAction label={label} tooltip={tooltip} disabled={disabled} onClick={onClick} color={color}>
      {children}
    </IconAction>
  );
}

/**
 * A node's buttons (§5, §6): the category button only on category nodes without topic children, the topic
 * button only on nodes with no questions and no category children, all disabled on another provider's
 * nodes. Delete stays offered on own nodes: the server explains why a node with questions or children
 * cannot go. Buttons the user's privileges do not allow are not shown.
 */
export function NodeActions({
  node,
  p,
  h,
  topicHierarchy,
}: {
  node: TreeItem;
  p: Pick<PrivilegeObject, 'privileges'>;
  h: NodeHandlers;
  /** The package's TopicHierarchy: a topic at that depth takes no child topic (the button says why). */
  topicHierarchy?: number;
}) {
  const can = (name: string) => hasPrivilege(p, 'CategoryTopic', name);
  const allowed = treeNodeActions(node, p);
  const foreign = !node.owned;
  const what = node.nodeType === 'category' ? 'category' : 'topic';
  const tooDeep = topicHierarchy === undefined ? null : addTopicDepthIssue(node, topicHierarchy);
  return (
    <>
      {can('CreateCategory') && node.nodeType === 'category' && !node.hasTopicChildren && (
        <Action
          label={`Add sub-category to ${node.name}`}
          disabled={foreign || !allowed.addCategory}
          onClick={() => h.onAddCategory(node)}
        >
          <CreateNewFolderOutlinedIcon fontSize="small" />
        </Action>
      )}
      {can('CreateTopic') && node.questionCount === 0 && !node.hasCategoryChildren && (
        <Action
          label={`Add topic to ${node.name}`}
          disabled={foreign || !allowed.addTopic || tooDeep !== null}
          reason={foreign ? null : tooDeep}
          onClick={() => h.onAddTopic(node)}
        >
          <PlaylistAddIcon fontSize="small" />
        </Action>
      )}
      {can('EditTopic') && (
        <Action
          label={`Rename ${what} ${node.name}`}
          disabled={!allowed.rename}
          onClick={() => h.onRename(node)}
        >
          <DriveFileRenameOutlineIcon fontSize="small" />
        </Action>
      )}
      {can('DeleteTopic') && (
        <Action
          label={`Delete ${what} ${node.name}`}
          disabled={foreign}
          onClick={() => h.onDelete(node)}
          color="error"
        >
          <DeleteOutlinedIcon fontSize="small" />
        </Action>
      )}
    </>
  );
}
