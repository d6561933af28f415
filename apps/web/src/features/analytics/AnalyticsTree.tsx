import { type AnalyticsNode, formatMeasure } from '@assess/contracts/analytics';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment, useState } from 'react';

/**
 * The analytics tree (part 3 §3 tree nodes: Name, Label, Low, Average, Top, SubObjectList) as an expandable
 * table: the test's node opens at first; each node with children has a button that shows or hides them.
 */
export function AnalyticsTree({ nodes, execution }: { nodes: AnalyticsNode[]; execution: number }) {
  const measure = (v: number | null) => formatMeasure(execution, v);
  const [open, setOpen] = useState<Set<string>>(() => new Set(nodes.map((n) => n.guid)));
  const toggle = (guid: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(guid)) next.delete(guid);
      else next.add(guid);
      return next;
    });
  const rows = (list: AnalyticsNode[], depth: number): React.ReactNode =>
    list.map((n) => {
      const expandable = n.subObjectList.length > 0;
      const expanded = open.has(n.guid);
      return (
        <Fragment key={n.guid}>
          <TableRow data-testid="analytics-node" data-level={depth + 1}>
            <TableCell sx={{ pl: 1 + depth * 3 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                {expandable ? (
                  <IconButton
                    size="small"
                    aria-expanded={expanded}
                    aria-label={`${expanded ? 'Collapse' : 'Expand'} ${n.name}`}
                    onClick={() => toggle(n.guid)}
                  >
                    {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                  </IconButton>
                ) : (
                  <Box sx={{ width: 34 }} />
                )}
                {n.name}
              </Box>
            </TableCell>
            <TableCell align="right">{n.questionCount}</TableCell>
            <TableCell align="right">{n.studentCount}</TableCell>
            <TableCell align="right">{measure(n.low)}</TableCell>
            <TableCell align="right">{measure(n.average)}</TableCell>
            <TableCell align="right">{measure(n.top)}</TableCell>
          </TableRow>
          {expandable && expanded && rows(n.subObjectList, depth + 1)}
        </Fragment>
      );
    });
  return (
    <Table size="small" aria-label={`Analytics: ${nodes[0]?.label ?? ''}`}>
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell align="right">Questions</TableCell>
          <TableCell align="right">Students</TableCell>
          <TableCell align="right">Low</TableCell>
          <TableCell align="right">Average</TableCell>
          <TableCell align="right">Top</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>{rows(nodes, 0)}</TableBody>
    </Table>
  );
}
