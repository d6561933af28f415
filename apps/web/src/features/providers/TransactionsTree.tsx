import { commonMessages } from '@assess/contracts/common';
import type { TransactionPartner } from '@assess/contracts/providers';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../components/DateTime';
import { EmptyState } from '../../components/EmptyState';

/**
 * The aggregator transactions view (part 3 §2): content partner → test series → subscribers with their
 * licence count (studentCount) and when they got them (createdDate).
 */
export function TransactionsTree({ partners }: { partners: TransactionPartner[] }) {
  if (partners.length === 0) return <EmptyState compact message={commonMessages.dataNotFound} />;
  return (
    <Box>
      {partners.map((p) => (
        <Accordion key={p.contentPartnerId} defaultExpanded disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {p.contentPartnerName}
            </Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ display: 'grid', gap: 2, pl: { xs: 2, sm: 4 } }}>
            {p.courses.map((c) => (
              <Box key={c.courseId}>
                <Typography component="h4" variant="subtitle2" sx={{ mb: 0.5 }}>
                  {c.name}{' '}
                  <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                    ({c.code})
                  </Box>
                </Typography>
                <Box
                  sx={{ overflowX: 'auto' }}
                  tabIndex={0}
                  role="region"
                  aria-label={`${c.name} subscribers`}
                >
                  <Table
                    size="small"
                    aria-label={`Subscribers of ${c.name}`}
                    sx={{ ml: { sm: 2 }, maxWidth: 720 }}
                  >
                    <TableHead>
                      <TableRow>
                        <TableCell sx={{ fontWeight: 600 }}>Subscriber</TableCell>
                        <TableCell sx={{ fontWeight: 600 }} align="right">
                          Student Count
                        </TableCell>
                        <TableCell sx={{ fontWeight: 600 }}>Created Date</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {c.subscribers.map((s) => (
                        <TableRow key={s.providerId}>
                          <TableCell>{s.name}</TableCell>
                          <TableCell align="right">{s.studentCount}</TableCell>
                          <TableCell>
                            <DateTime value={s.createdDate} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              </Box>
            ))}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
