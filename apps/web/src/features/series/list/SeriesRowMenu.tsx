import type { SeriesListRow, SeriesRowAction, SeriesRowRules } from '@assess/contracts/series';
import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { RowMenu, type RowMenuItem } from '../../test-series-shared/RowMenu';
import type { SeriesRowHandlers } from './seriesColumns';

/** The row's less frequent actions (part 3 §2): Upload resourceImage, Schedule for content curator, Delete, Clean data. */
const items: RowMenuItem<SeriesRowAction>[] = [
  { action: 'uploadImage', label: 'Upload resourceImage', icon: <ImageOutlinedIcon fontSize="small" /> },
  {
    action: 'scheduleForCurator',
    label: 'Schedule for content curator',
    icon: <EventAvailableOutlinedIcon fontSize="small" />,
  },
  { action: 'delete', label: 'Delete', icon: <DeleteOutlinedIcon fontSize="small" /> },
  { action: 'cleanData', label: 'Clean data', icon: <CleaningServicesOutlinedIcon fontSize="small" /> },
];

/** A disabled menu item cannot show a tooltip: the row rule's reason is written underneath. */
export function SeriesRowMenu({
  row,
  rules,
  handlers,
}: {
  row: SeriesListRow;
  rules: SeriesRowRules;
  handlers: SeriesRowHandlers;
}) {
  return <RowMenu code={row.code} items={items} rules={rules} onPick={(a) => handlers[a]?.(row)} />;
}
