import { checkLicenceLimit } from '@assess/contracts/access';
import {
  seriesEditorMessages as m,
  type SeriesEditorTest,
  TestSubscription,
  type TestsForTopicsBody,
} from '@assess/contracts/series';
import { testStatusName } from '@assess/contracts/tests';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '../../../components/Toast';
import { isApiError } from '../../../lib/api';
import { useSignedInSession } from '../../auth/session';
import { TestStatusChip } from '../../test-series-shared/TestStatusChip';
import { useAddSeriesTests, useOfferedTests, useRemoveSeriesTest, useSeriesTestSubscription } from './api';

type Props = {
  courseId: number;
  tests: SeriesEditorTest[];
  onTests: (tests: SeriesEditorTest[]) => void;
  /** The Information step's topics, objective and target audience: getTestsForTopics' filters. */
  filters: Omit<TestsForTopicsBody, 'courseId'>;
  disabled: boolean;
  error: string | null;
};

/**
 * Step 2, Test (part 3 §7 getTestsForTopics, CourseTestMappings): the tests the series' topics, objective and
 * target audience offer (own Ready/Published, subscribed Published), added with a subscription (normal or
 * trial) within the package's TestSeriesTests cap; the series' tests with their subscription and removal.
 */
export function TestStep({ courseId, tests, onTests, filters, disabled, error }: Props) {
  const session = useSignedInSession();
  const toast = useToast();
  const [useFilters, setUseFilters] = useState(true);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [trial, setTrial] = useState(false);
  const body: TestsForTopicsBody = useFilters ? { courseId, ...filters } : { courseId };
  const offered = useOfferedTests(body, !disabled);
  const add = useAddSeriesTests();
  const remove = useRemoveSeriesTest();
  const subscription = useSeriesTestSubscription();
  const busy = add.isPending || remove.isPending || subscription.isPending;
  const shown = (offered.data ?? []).filter((t) =>
    `${t.code} ${t.name}`.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));

  async function addPicked() {
    if (!picked.length) return toast.warning(m.selectTests);
    const over = checkLicenceLimit(session.licenseObject, 'TestSeriesTests', tests.length, picked.length);
    if (over) return toast.warning(over, { duration: 3000 });
    try {
      const res = await add.mutateAsync({
        courseId,
        body: {
          testIds: picked,
          testSubscriptionStatus: trial ? TestSubscription.Trial : TestSubscription.Normal,
        },
      });
      onTests(res.tests);
      setPicked([]);
      toast.success(res.message);
    } catch (e) {
      // the package cap is a warning with the server's text; any other failure is the spec's "Error occured"
      if (isApiError(e) && e.status === 403) toast.warning(e.message, { duration: 3000 });
      else toast.error(m.errorOccured);
    }
  }

  async function removeTest(testId: number) {
    try {
      const res = await remove.mutateAsync({ courseId, testId });
      onTests(res.tests);
      toast.success(res.message);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : m.errorOccured);
    }
  }

  async function setSubscription(testId: number, isTrial: boolean) {
    try {
      const res = await subscription.mutateAsync({
        courseId,
        testId,
        status: isTrial ? TestSubscription.Trial : TestSubscription.Normal,
      });
      onTests(res.tests);
      toast.success(res.message);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : m.errorOccured);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <section aria-labelledby="series-tests-title">
        <Typography id="series-tests-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          Tests in this series ({tests.length})
        </Typography>
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label="Tests in this series">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Code</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Provider</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Trial</TableCell>
                <TableCell align="right">Remove</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tests.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography variant="body2" color="textSecondary">
                      No test added yet.
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {tests.map((t, i) => (
                <TableRow key={t.testId}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{t.code}</TableCell>
                  <TableCell>{t.name}</TableCell>
                  <TableCell>{t.providerName}</TableCell>
                  <TableCell>
                    <TestStatusChip status={t.status} />
                  </TableCell>
                  <TableCell>
                    <Switch
                      size="small"
                      checked={t.testSubscriptionStatus === TestSubscription.Trial}
                      disabled={disabled || busy}
                      onChange={(_e, on) => void setSubscription(t.testId, on)}
                      slotProps={{ input: { 'aria-label': `Trial: ${t.code}` } }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <IconButton
                      size="small"
                      aria-label={`Remove ${t.code}`}
                      disabled={disabled || busy}
                      onClick={() => void removeTest(t.testId)}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </section>

      {!disabled && (
        <section aria-labelledby="offered-tests-title">
          <Typography id="offered-tests-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            Add tests
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
            <FormControlLabel
              label="Match the series' topics, objective and target audience"
              control={<Switch checked={useFilters} onChange={(_e, on) => setUseFilters(on)} />}
            />
            <TextField
              size="small"
              label="Find a test"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ width: { xs: '100%', sm: 240 } }}
            />
            <TextField
              select
              size="small"
              label="Subscription"
              value={trial ? TestSubscription.Trial : TestSubscription.Normal}
              onChange={(e) => setTrial(Number(e.target.value) === TestSubscription.Trial)}
              sx={{ width: 150 }}
            >
              <MenuItem value={TestSubscription.Normal}>Normal</MenuItem>
              <MenuItem value={TestSubscription.Trial}>Trial</MenuItem>
            </TextField>
            <Button variant="outlined" onClick={() => void addPicked()} disabled={busy}>
              Add selected ({picked.length})
            </Button>
          </Box>
          <Box
            role="group"
            aria-label="Tests offered"
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              maxHeight: 300,
              overflowY: 'auto',
              p: 1,
            }}
          >
            {offered.isLoading && (
              <Typography variant="body2" color="textSecondary">
                Loading tests…
              </Typography>
            )}
            {!offered.isLoading && shown.length === 0 && (
              <Typography variant="body2" color="textSecondary">
                Data not found
              </Typography>
            )}
            {shown.map((t) => (
              <Box key={t.testId}>
                <FormControlLabel
                  sx={{ m: 0 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={picked.includes(t.testId)}
                      onChange={() => toggle(t.testId)}
                    />
                  }
                  label={
                    <Typography variant="body2">
                      {t.code} · {t.name} · {testStatusName(t.status)}
                      {t.owned ? '' : ` · ${t.providerName}`}
                    </Typography>
                  }
                />
              </Box>
            ))}
          </Box>
        </section>
      )}
    </Box>
  );
}
