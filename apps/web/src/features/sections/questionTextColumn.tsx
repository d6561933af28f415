import { questionMessages } from '@assess/contracts/questions';
import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import { RichContent } from '../../components/RichContent';
import { formatOf } from '../question-bank/content';

type WithText = { text: string | null; contentType: Parameters<typeof formatOf>[0] };

/** The question's text on one line (or that it is image based): the pickers' and the section's grids. */
export const questionTextColumn = <R extends WithText>(): GridColDef<R> => ({
  field: 'text',
  headerName: 'Question',
  flex: 1,
  minWidth: 200,
  renderCell: ({ row }) =>
    row.text ? (
      <RichContent value={row.text} format={formatOf(row.contentType)} singleLine />
    ) : (
      <Box component="em" sx={{ color: 'text.secondary' }}>
        {questionMessages.imageBasedQuestion}
      </Box>
    ),
});
