import { hasPrivilege, ProviderType } from '@assess/contracts/access';
import { ContentFilter, treeMessages as tm } from '@assess/contracts/questions';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useConfirm } from '../../components/Confirm';
import { EmptyState } from '../../components/EmptyState';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { useSignedInSession } from '../auth/session';
import { AnswerSettingDialog } from './answers/AnswerSettingDialog';
import { useDeleteNode, useTree } from './api';
import { SpreadsheetImportButton } from './import/SpreadsheetImportButton';
import { ZipImportButton } from './import/ZipImportButton';
import { InterchangeButtons } from './interchange/InterchangeButtons';
import { NodeActions, type NodeHandlers } from './tree/NodeActions';
import { type NodeAction, NodeNameDialog } from './tree/NodeNameDialog';
import { NodePanel } from './tree/NodePanel';
import { TreeView } from './tree/TreeView';
import { buildForest, flatten, pathOf, type TreeItem } from './tree/treeModel';

/**
 * Categories & Topics (/admin/import, spec part 2 §2): the provider's hierarchy with per-node actions and
 * question counts, the subscribed providers' trees (read-only) beside it, the selected node's questions,
 * Set Answers, and the import buttons.
 */
export function CategoryTreePage() {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const can = (name: string) => hasPrivilege(p, 'CategoryTopic', name);
  const toast = useToast();
  const confirm = useConfirm();
  const tree = useTree(ContentFilter.All);
  const remove = useDeleteNode();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [dialog, setDialog] = useState<NodeAction | null>(null);
  const [answersFor, setAnswersFor] = useState<TreeItem | null>(null);
  const nodes = tree.data?.nodes ?? [];

  // own hierarchy first, then one read-only tree per subscribed content provider
  const sections = useMemo(() => {
    const roots = buildForest(nodes);
    const own = roots.filter((r) => r.owned);
    const others = new Map<number, { name: string; roots: TreeItem[] }>();
    for (const r of roots.filter((x) => !x.owned)) {
      const s = others.get(r.providerId) ?? { name: r.providerName, roots: [] };
      s.roots.push(r);
      others.set(r.providerId, s);
    }
    return { own, others: [...others.entries()] };
  }, [nodes]);
  const all = useMemo(
    () => flatten([...sections.own, ...sections.others.flatMap(([, s]) => s.roots)]),
    [sections],
  );
  const selected = all.find((n) => n.key === selectedKey) ?? null;

  const toggle = (key: string, open: boolean) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  /** Opens the way to a node (its parent and the parent's ancestors) and selects it. */
  const reveal = (key: string, parentKey: string | null) => {
    const keys = parentKey ? [parentKey, ...pathKeys(parentKey)] : pathKeys(key);
    setExpanded((e) => new Set([...e, ...keys]));
    setSelectedKey(key);
    setFocusKey(key);
  };
  const pathKeys = (key: string) => {
    const byKey = new Map(nodes.map((n) => [n.key, n]));
    const out: string[] = [];
    let k = byKey.get(key)?.parentKey ?? null;
    while (k) {
      out.push(k);
      k = byKey.get(k)?.parentKey ?? null;
    }
    return out;
  };

  const handlers: NodeHandlers = {
    onAddCategory: (n) => setDialog({ kind: 'category', parent: n }),
    onAddTopic: (n) => setDialog({ kind: 'topic', parent: n }),
    onRename: (n) => setDialog({ kind: 'rename', node: n }),
    onDelete: async (n) => {
      const what = n.nodeType === 'category' ? 'category' : 'topic';
      if (
        !(await confirm({
          message: `Are you sure you want to delete the ${what} ${n.name}?`,
          destructive: true,
          confirmText: 'Delete',
        }))
      )
        return;
      try {
        const res = await remove.mutateAsync({ nodeType: n.nodeType, id: n.id });
        toast.success(res.message);
        if (selectedKey === n.key) setSelectedKey(n.parentKey);
      } catch (e) {
        toast.error(isApiError(e) && e.status !== 0 ? e.message : tm.failed, { duration: 5000 });
      }
    },
  };
  const firstCategory =
    (session.userDetails.providerTypeId === ProviderType.ERP ||
      session.userDetails.providerTypeId === ProviderType.ContentPartner) &&
    sections.own.length === 0;
  const selectedTopic = selected?.nodeType === 'topic' ? selected : null;

  const tree_ = (label: string, roots: TreeItem[]) => (
    <TreeView
      label={label}
      roots={roots}
      expanded={expanded}
      onToggle={toggle}
      selectedKey={selectedKey}
      focusKey={focusKey}
      onFocusKey={setFocusKey}
      onSelect={(n) => {
        setSelectedKey(n.key);
        if (n.children.length && !expanded.has(n.key)) toggle(n.key, true);
      }}
      actions={(n) => <NodeActions node={n} p={p} h={handlers} topicHierarchy={tree.data?.topicHierarchy} />}
    />
  );

  return (
    <Box>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {/* the top bar carries the page's title (h1) */}
        <Box sx={{ flexGrow: 1 }} />
        {can('CreateCategory') && !firstCategory && (
          <Button variant="outlined" onClick={() => setDialog({ kind: 'category', parent: null })}>
            + Category
          </Button>
        )}
        {can('SetAnswer') && (
          <Tooltip title={selectedTopic ? '' : 'Select a topic first'}>
            <span>
              <Button
                variant="outlined"
                disabled={!selectedTopic}
                onClick={() => selectedTopic && setAnswersFor(selectedTopic)}
              >
                Set Answers
              </Button>
            </span>
          </Tooltip>
        )}
        <InterchangeButtons node={selected} />
        {can('BulkImport') && <ZipImportButton topic={selectedTopic} />}
        {can('ImportExcel') && <SpreadsheetImportButton topic={selectedTopic} />}
      </Stack>
      {tree.isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the hierarchy" />
        </Box>
      )}
      {tree.isError && <Alert severity="error">{tree.error.message}</Alert>}
      {tree.data && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(260px, 1fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <Paper variant="outlined" sx={{ p: 1, minWidth: 0 }}>
            {nodes.length === 0 && (
              <EmptyState
                icon={<AccountTreeOutlinedIcon />}
                message={tm.emptyHierarchy}
                action={
                  firstCategory && can('CreateCategory') ? (
                    <Button variant="contained" onClick={() => setDialog({ kind: 'category', parent: null })}>
                      {tm.createFirstCategory}
                    </Button>
                  ) : undefined
                }
              />
            )}
            {nodes.length > 0 && firstCategory && can('CreateCategory') && (
              <Box sx={{ p: 1 }}>
                <Button variant="contained" onClick={() => setDialog({ kind: 'category', parent: null })}>
                  {tm.createFirstCategory}
                </Button>
              </Box>
            )}
            {sections.own.length > 0 && tree_('Your categories and topics', sections.own)}
            {sections.others.map(([providerId, s]) => (
              <Box key={providerId} sx={{ mt: 2 }}>
                <Typography variant="overline" component="h2" sx={{ px: 1, color: 'text.secondary' }}>
                  {s.name} (subscribed, read-only)
                </Typography>
                {tree_(`${s.name} categories and topics`, s.roots)}
              </Box>
            ))}
            {nodes.length > 0 && (
              <Typography variant="caption" color="textSecondary" component="p" sx={{ px: 1, pt: 1 }}>
                {tree.data.topicCount} of {tree.data.maxTopics} topics, up to {tree.data.topicHierarchy}{' '}
                levels
              </Typography>
            )}
          </Paper>
          {selected ? (
            <NodePanel key={selected.key} node={selected} path={pathOf(nodes, selected.key)} />
          ) : (
            nodes.length > 0 && (
              <Paper variant="outlined">
                <EmptyState message="Select a category or topic to see its questions" compact />
              </Paper>
            )
          )}
        </Box>
      )}
      {dialog && (
        <NodeNameDialog
          action={dialog}
          onClose={(key) => {
            setDialog(null);
            if (key) reveal(key, dialog.kind === 'rename' ? null : (dialog.parent?.key ?? null));
          }}
        />
      )}
      {answersFor && <AnswerSettingDialog topic={answersFor} onClose={() => setAnswersFor(null)} />}
    </Box>
  );
}

export { CategoryTreePage as Component };
