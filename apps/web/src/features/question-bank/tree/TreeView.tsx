import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { type KeyboardEvent, type ReactNode, useMemo, useRef } from 'react';
import { visuallyHidden } from '../../../components/visuallyHidden';
import type { TreeItem } from './treeModel';

/** Visible items in display order (children of collapsed nodes left out). */
function visibleItems(items: readonly TreeItem[], expanded: ReadonlySet<string>): TreeItem[] {
  return items.flatMap((i) => [i, ...(expanded.has(i.key) ? visibleItems(i.children, expanded) : [])]);
}

/**
 * The category/topic hierarchy as an ARIA tree (a flat list of levelled items): one tab stop, arrow keys move (Right/Left open, close or
 * go to the child/parent), Home/End, Enter or Space select. The selected row shows its action buttons
 * (every row shows them while hovered).
 */
export function TreeView({
  label,
  roots,
  expanded,
  onToggle,
  selectedKey,
  focusKey,
  onFocusKey,
  onSelect,
  actions,
}: {
  label: string;
  roots: readonly TreeItem[];
  expanded: ReadonlySet<string>;
  onToggle: (key: string, open: boolean) => void;
  selectedKey: string | null;
  focusKey: string | null;
  onFocusKey: (key: string) => void;
  onSelect: (item: TreeItem) => void;
  actions: (item: TreeItem) => ReactNode;
}) {
  const refs = useRef(new Map<string, HTMLElement>());
  const visible = useMemo(() => visibleItems(roots, expanded), [roots, expanded]);
  const byKey = useMemo(() => new Map(visible.map((v) => [v.key, v])), [visible]);
  // a flat list of treeitems (aria-level, aria-setsize, aria-posinset) so that each item's content is
  // its own row only
  const position = useMemo(() => {
    const out = new Map<string, { size: number; pos: number }>();
    const walk = (items: readonly TreeItem[]) =>
      items.forEach((it, i) => {
        out.set(it.key, { size: items.length, pos: i + 1 });
        walk(it.children);
      });
    walk(roots);
    return out;
  }, [roots]);
  const tabKey = focusKey && byKey.has(focusKey) ? focusKey : (visible[0]?.key ?? null);

  const focus = (key: string | undefined) => {
    if (!key) return;
    onFocusKey(key);
    refs.current.get(key)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLElement && e.target.getAttribute('role') !== 'treeitem') return;
    const i = visible.findIndex((v) => v.key === tabKey);
    const item = visible[i];
    if (!item) return;
    const open = expanded.has(item.key);
    const handled: Record<string, () => void> = {
      ArrowDown: () => focus(visible[i + 1]?.key),
      ArrowUp: () => focus(visible[i - 1]?.key),
      Home: () => focus(visible[0]?.key),
      End: () => focus(visible[visible.length - 1]?.key),
      ArrowRight: () => {
        if (!item.children.length) return;
        if (!open) onToggle(item.key, true);
        else focus(item.children[0]?.key);
      },
      ArrowLeft: () => {
        if (open && item.children.length) onToggle(item.key, false);
        else focus(item.parentKey ?? undefined);
      },
      Enter: () => onSelect(item),
      ' ': () => onSelect(item),
    };
    const run = handled[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };

  const renderItem = (item: TreeItem): ReactNode => {
    const open = expanded.has(item.key);
    const selected = item.key === selectedKey;
    const count = item.nodeType === 'topic' ? item.questionCount : item.subtreeQuestionCount;
    return (
      <Box
        component="li"
        key={item.key}
        role="treeitem"
        aria-level={item.level + 1}
        aria-selected={selected}
        aria-expanded={item.children.length ? open : undefined}
        aria-labelledby={`tree-name-${item.key}`}
        aria-setsize={position.get(item.key)?.size}
        aria-posinset={position.get(item.key)?.pos}
        aria-describedby={`tree-desc-${item.key}`}
        tabIndex={item.key === tabKey ? 0 : -1}
        ref={(el: HTMLElement | null) => {
          if (el) refs.current.set(item.key, el);
          else refs.current.delete(item.key);
        }}
        onFocus={(e) => {
          if (e.target === e.currentTarget) onFocusKey(item.key);
        }}
        sx={{
          listStyle: 'none',
          outline: 'none',
          '&:focus-visible > .tree-row': { outline: 2, outlineColor: 'primary.main' },
        }}
        data-testid={`node-${item.key}`}
      >
        <Box
          className="tree-row"
          onClick={(e) => {
            e.stopPropagation();
            onFocusKey(item.key);
            onSelect(item);
          }}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            pl: 0.5 + item.level * 2.5,
            pr: 0.5,
            minHeight: 40,
            borderRadius: 1,
            cursor: 'pointer',
            bgcolor: selected ? 'action.selected' : undefined,
            '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
            '& .tree-actions': { display: selected ? 'flex' : 'none' },
            '&:hover .tree-actions': { display: 'flex' },
          }}
        >
          <Box
            component="span"
            aria-hidden
            onClick={(e) => {
              if (!item.children.length) return;
              e.stopPropagation();
              onToggle(item.key, !open);
            }}
            sx={{ display: 'inline-flex', width: 24, color: 'text.secondary' }}
          >
            {item.children.length ? (
              open ? (
                <ExpandMoreIcon fontSize="small" />
              ) : (
                <ChevronRightIcon fontSize="small" />
              )
            ) : null}
          </Box>
          <Box
            component="span"
            aria-hidden
            sx={{
              display: 'inline-flex',
              color: item.nodeType === 'category' ? 'warning.main' : 'primary.main',
            }}
          >
            {item.nodeType === 'category' ? (
              <FolderOutlinedIcon fontSize="small" />
            ) : (
              <LabelOutlinedIcon fontSize="small" />
            )}
          </Box>
          <Box
            component="span"
            sx={{
              flexGrow: 1,
              minWidth: 0,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              fontWeight: item.nodeType === 'category' ? 600 : 400,
            }}
          >
            <span id={`tree-name-${item.key}`}>{item.name}</span>
            <Box component="span" id={`tree-desc-${item.key}`} sx={visuallyHidden}>
              {`${item.nodeType}, ${count} question${count === 1 ? '' : 's'}`}
            </Box>
          </Box>
          {/* the count is drawn by CSS: screen readers get it from the item's description, and the item's
              visible text stays its name (axe label-content-name-mismatch) */}
          <Chip
            aria-hidden
            size="small"
            label={<span className="tree-count" data-count={count} />}
            sx={{ height: 20, fontSize: 12, '& .tree-count::after': { content: 'attr(data-count)' } }}
          />
          <Box className="tree-actions" onClick={(e) => e.stopPropagation()} sx={{ gap: 0.25 }}>
            {actions(item)}
          </Box>
        </Box>
      </Box>
    );
  };

  return (
    <Box component="ul" role="tree" aria-label={label} onKeyDown={onKeyDown} sx={{ m: 0, p: 0 }}>
      {visible.map(renderItem)}
    </Box>
  );
}
