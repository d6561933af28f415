import {
  type ImportLookups,
  type ImportOptions,
  type ImportReport,
  type ImportStatus,
  importLookupsSchema,
  importReportSchema,
  importStatusSchema,
} from '@assess/contracts/student-import';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the bulk upload. */
export const importKeys = {
  lookups: ['student-import', 'lookups'] as const,
  status: (batchId: number) => ['student-import', 'status', batchId] as const,
};

export const importApi = {
  lookups: async (): Promise<ImportLookups> =>
    importLookupsSchema.parse(await api.get('/students/import/lookups')),
  /** Step 1: the form's options as JSON, then the file (the server reads them in this order). */
  check: async (options: ImportOptions, file: File): Promise<ImportReport> => {
    const body = new FormData();
    body.append('options', JSON.stringify(options));
    body.append('file', file, file.name);
    return importReportSchema.parse(await api.post('/students/import/check', body));
  },
  start: async (batchId: number): Promise<ImportStatus> =>
    importStatusSchema.parse(await api.post(`/students/import/${batchId}/start`)),
  status: async (batchId: number): Promise<ImportStatus> =>
    importStatusSchema.parse(await api.get(`/students/import/${batchId}`)),
};

/** The dialog's lists, cached like the other configuration lookups (5 minutes). */
export const useImportLookups = (enabled: boolean) =>
  useQuery({ queryKey: importKeys.lookups, queryFn: importApi.lookups, enabled, staleTime: 300_000 });

/** Polls an import until it has finished. */
export const useImportStatus = (batchId: number | null) =>
  useQuery({
    queryKey: importKeys.status(batchId ?? 0),
    queryFn: () => importApi.status(batchId as number),
    enabled: batchId !== null,
    refetchInterval: (q) => {
      const s = q.state.data?.state;
      return s === 'succeeded' || s === 'failed' ? false : 700;
    },
  });
