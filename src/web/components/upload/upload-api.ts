import type { Preview, UploadRow, UploadSummary, uploadAnswers } from '@domain/uploads/upload';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment, type DevelopmentCheck, SuccessMessage } from '@web/lib/api-client';
import { useSubmitMutation } from '@web/lib/use-submit-mutation';

// Calls of an upload kind (batch orders, bulk ledgers): same paths under /api/{base}.
//
// Their answers are the domain's contracts (`uploadAnswers` around the kind's summary and row, and
// the answers every kind shares), checked in development only (ADR 043): this module loads no zod.

export type UploadBase = 'batchOrders' | 'bulkLedgers';
export const uploadsKey = (base: UploadBase) => ['uploads', base] as const;
/** While a batch runs its screen reads it again this often (the progress bar). */
export const POLL_MS = 1500;

const running = (s: UploadSummary | undefined) => s?.status === 'queued' || s?.status === 'processing';

const contracts = () => import('@domain/uploads/upload');

/** Each kind's answers, built from its summary and row (development only). */
const KINDS: Record<UploadBase, () => Promise<ReturnType<typeof uploadAnswers>>> = {
  batchOrders: () =>
    Promise.all([contracts(), import('@domain/batch-orders/batch-orders')]).then(([m, kind]) =>
      m.uploadAnswers(kind.BatchOrderSummary, kind.BatchOrderRow),
    ),
  bulkLedgers: () =>
    Promise.all([contracts(), import('@domain/bulk-ledgers/bulk-ledgers')]).then(([m, kind]) =>
      m.uploadAnswers(m.UploadSummary, kind.BulkLedgerRow),
    ),
};

type Answers = Awaited<ReturnType<(typeof KINDS)[UploadBase]>>;

/** One answer of every kind, checked in development only. */
const checks = (name: keyof Answers) =>
  Object.fromEntries(
    (Object.keys(KINDS) as UploadBase[]).map((base) => [
      base,
      checkedInDevelopment(() => KINDS[base]().then((answers) => answers[name])),
    ]),
  ) as Record<UploadBase, DevelopmentCheck<unknown>>;

const One = checks('One');
const Many = checks('Many');
const Confirmed = checks('Confirmed');
const RowPage = checks('RowPage');
const PreviewAnswer = checkedInDevelopment(() => contracts().then((m) => m.PreviewAnswer));
const RetriedAnswer = checkedInDevelopment(() => contracts().then((m) => m.RetriedAnswer));
const ResumedAnswer = checkedInDevelopment(() => contracts().then((m) => m.ResumedAnswer));

/** An answer's check, typed as the caller's kind reads it. */
const typed = <T>(check: DevelopmentCheck<unknown>) => check as DevelopmentCheck<T>;

export function useUploads<T extends UploadSummary>(base: UploadBase) {
  return useQuery({
    queryKey: [...uploadsKey(base), 'list'],
    queryFn: ({ signal }) =>
      api
        .get(`/api/${base}`, typed<{ success: true; data: T[] }>(Many[base]), { signal })
        .then((r) => r.data),
    refetchInterval: (q) => ((q.state.data ?? []).some(running) ? POLL_MS : false),
  });
}

export function useUpload<T extends UploadSummary>(base: UploadBase, id: number) {
  return useQuery({
    queryKey: [...uploadsKey(base), 'one', id],
    queryFn: ({ signal }) =>
      api
        .get(`/api/${base}/${id}`, typed<{ success: true; data: T }>(One[base]), { signal })
        .then((r) => r.data),
    refetchInterval: (q) => (running(q.state.data) ? POLL_MS : false),
  });
}

export function useUploadRows<T extends UploadRow>(
  base: UploadBase,
  id: number,
  q: { status?: 'succeeded' | 'failed'; after?: number; limit?: number },
  poll = false,
) {
  return useQuery({
    queryKey: [...uploadsKey(base), 'rows', id, q],
    queryFn: ({ signal }) =>
      api.get(
        `/api/${base}/${id}/rows`,
        typed<{ success: true; data: T[]; hasMore: boolean }>(RowPage[base]),
        { signal, query: { ...q } },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? POLL_MS : false,
  });
}

export function usePreview(base: UploadBase) {
  return useMutation({
    mutationFn: (body: { fileName: string; csv: string }) =>
      api
        .post(`/api/${base}/preview`, typed<{ success: true; data: Preview }>(PreviewAnswer), body, {
          timeoutMs: 120_000,
        })
        .then((r) => r.data),
  });
}

export function useConfirmUpload(base: UploadBase) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: { fileName: string; csv: string; idempotencyKey: string }) =>
      api.post(
        `/api/${base}`,
        typed<{ success: true; message: string; created: boolean; data: UploadSummary }>(Confirmed[base]),
        body,
        { timeoutMs: 120_000 },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsKey(base) }),
  });
}

export function useRetryUpload(base: UploadBase, id: number) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (rowIds?: number[]) =>
      api.post(
        `/api/${base}/${id}/retry`,
        typed<{ success: true; message: string; retried: number }>(RetriedAnswer),
        rowIds ? { rowIds } : {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsKey(base) }),
  });
}

/** Hands a queued upload no worker holds to a worker again (the server leaves a held one alone). */
export function useResumeUpload(base: UploadBase, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(
        `/api/${base}/${id}/resume`,
        typed<{ success: true; message: string; started: boolean }>(ResumedAnswer),
        {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsKey(base) }),
  });
}

export function useCorrectRow(base: UploadBase, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rowId, input }: { rowId: number; input: Record<string, string> }) =>
      api.patch(`/api/${base}/${id}/rows/${rowId}`, SuccessMessage, { input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsKey(base) }),
  });
}

export const resultCsvUrl = (base: UploadBase, id: number) => `/api/${base}/${id}/result.csv`;
