import {
  type TestListRow,
  type TestRowAction,
  type TestRowCaller,
  testRowRules,
} from '@assess/contracts/tests';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { GridColDef } from '@mui/x-data-grid';
import { catalogueColumns, RowButtons, rowButton, sharedButtons } from '../../test-series-shared/columns';
import { TestRowMenu } from './TestRowMenu';

/** Row handlers of the tests list: one per action of the row rules. */
export type TestRowHandlers = Partial<Record<TestRowAction, (row: TestListRow) => void>>;

/** The class a locked row's cells carry (the page greys them: part 3 §4 "Locked rows are shown grey"). */
export const LOCKED_CELL = 'test-row-locked';

/**
 * The tests list's columns (part 3 §2): code, name, provider name, status, difficulty level, objective, target
 * audience, scheduled date, actions. The actions follow testRowRules (the server's own check): preview,
 * publish, Test Details, assign, schedule and analytics as buttons; Edit, Copy, Delete, Lock, the OMR items
 * and Clean Data in the row menu.
 */
export function testColumns(caller: TestRowCaller, h: TestRowHandlers): GridColDef<TestListRow>[] {
  const render = (row: TestListRow) => {
    const r = testRowRules(row, caller);
    const on = (a: TestRowAction) => (h[a] ? () => h[a]?.(row) : undefined);
    const code = row.code;
    const [publish, assign, schedule] = sharedButtons(code, r, on, row.scheduleStatus);
    return (
      <>
        <RowButtons
          buttons={[
            rowButton(`Preview ${code}`, r.preview, on('preview'), VisibilityIcon),
            publish,
            rowButton(`Test Details of ${code}`, r.details, on('details'), InfoOutlinedIcon),
            assign,
            schedule,
            rowButton(`Analytics of ${code}`, r.analytics, on('analytics'), AssessmentOutlinedIcon),
          ]}
        />
        <TestRowMenu row={row} rules={r} handlers={h} />
      </>
    );
  };
  return catalogueColumns<TestListRow>({
    lockedClass: LOCKED_CELL,
    lock: { label: (row) => `Locked by ${row.lockedByName ?? 'another user'}`, tooltip: true },
    widths: { name: 150, provider: 140, status: 105, difficulty: 100, scheduled: 180 },
    difficultyHeader: 'Difficulty Level',
    actions: { width: 262, render },
  });
}
