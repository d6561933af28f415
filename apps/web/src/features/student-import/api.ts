import { CONFIGURATION_CACHE_MS } from '@assess/contracts/configuration';
import { studentImportEndpoints as e, type ImportOptions } from '@assess/contracts/student-import';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Query keys of the bulk upload. */
export const importKeys = {
  lookups: ['student-import', 'lookups'] as const,
  status: (batchId: number) => ['student-import', 'status', batchId] as const,
};

export const importApi = {
  /** Step 1: the form's options as JSON, then the file (the server reads them in this order). */
  check: (options: ImportOptions, file: File) => {
    const body = new FormData();
    body.append('options', JSON.stringify(options));
    body.append('file', file, file.name);
    return call(e.check, { body });
  },
  start: (batchId: number) => call(e.start, { params: { batchId } }),
};

/** The dialog's lists, cached like the other configuration lookups (5 minutes). */
export const useImportLookups = (enabled: boolean) =>
  useQuery({
    queryKey: importKeys.lookups,
    queryFn: () => call(e.lookups),
    enabled,
    staleTime: CONFIGURATION_CACHE_MS,
  });

/** Polls an import until it has finished. */
export const useImportStatus = (batchId: number | null) =>
  useQuery({
    queryKey: importKeys.status(batchId ?? 0),
    queryFn: () => call(e.status, { params: { batchId: batchId ?? 0 } }),
    enabled: batchId !== null,
    refetchInterval: (q) => {
      const s = q.state.data?.state;
      return s === 'succeeded' || s === 'failed' ? false : 700;
    },
  });
