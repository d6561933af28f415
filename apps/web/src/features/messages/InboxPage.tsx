import type { InboxItem } from '@assess/contracts/messages';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../components/DateTime';
import { EmptyState } from '../../components/EmptyState';
import { usePaging } from '../../components/usePaging';
import { useInbox, useMarkRead } from './api';

function Message({ item, onOpen }: { item: InboxItem; onOpen: () => void }) {
  return (
    <Accordion
      disableGutters
      onChange={(_e, expanded) => {
        if (expanded && !item.read) onOpen();
      }}
      data-testid={`inbox-item-${item.notificationId}`}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', minWidth: 0 }}>
          {!item.read && <Chip size="small" color="primary" label="New" />}
          <Typography sx={{ fontWeight: item.read ? 400 : 600, flex: 1, minWidth: 0 }} noWrap>
            {item.title}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ flexShrink: 0 }}>
            <DateTime value={item.sendDateTime} />
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{item.body}</Typography>
        {item.attachments.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            {item.attachments.map((a) => (
              <Button
                key={a.fileId}
                size="small"
                variant="outlined"
                startIcon={<AttachFileIcon />}
                href={`/api/inbox/${item.notificationId}/attachments/${a.fileId}`}
                download={a.fileName}
              >
                {a.fileName}
              </Button>
            ))}
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** The learner's in-app inbox (/inbox), issue 6: messages on the App channel, marked read when opened. */
export function InboxPage() {
  const paging = usePaging();
  const inbox = useInbox(paging.page, paging.pageSize);
  const markRead = useMarkRead();
  const pages = Math.max(1, Math.ceil((inbox.data?.totalCount ?? 0) / paging.pageSize));
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 900 }}>
      <Typography variant="h1" sx={{ fontSize: 22, fontWeight: 600 }}>
        Messages
      </Typography>
      {inbox.error && <Alert severity="error">{inbox.error.message}</Alert>}
      {inbox.data && inbox.data.items.length === 0 && <EmptyState message="No messages yet" />}
      <Box>
        {inbox.data?.items.map((item) => (
          <Message
            key={item.notificationId}
            item={item}
            onOpen={() => markRead.mutate(item.notificationId)}
          />
        ))}
      </Box>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={paging.page}
          onChange={(_e, page) => paging.onPagingChange({ page, pageSize: paging.pageSize })}
        />
      )}
    </Box>
  );
}

export { InboxPage as Component };
