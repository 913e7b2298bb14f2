import type { Preview, UploadSummary } from '@domain/uploads/upload';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AnswerContract,
  type AnswerSchema,
  api,
  checkedInDevelopment,
  SuccessMessage,
} from '@web/lib/api-client';
import { useSubmitMutation } from '@web/lib/use-submit-mutation';

// Calls of an upload kind (batch orders, bulk ledgers): same paths under /api/{base}.
//
// A screen passes the contract of its kind's summary or row: a zod schema, or one checked in
// development only (ADR 043), which keeps the contract and zod off the screen. The answer around
// it (`{success: true, data…}`) and the small answers are checked here by hand: this module loads
// no zod.

export type UploadBase = 'batchOrders' | 'bulkLedgers';
export const uploadsKey = (base: UploadBase) => ['uploads', base] as const;
/** While a batch runs its screen reads it again this often (the progress bar). */
export const POLL_MS = 1500;

const running = (s: UploadSummary | undefined) => s?.status === 'queued' || s?.status === 'processing';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const refused = { success: false, error: { issues: [{ message: 'Unexpected answer' }] } } as const;
const anyOther = () => true;

/**
 * A `{success: true, …}` answer whose keys `matches` accepts, with its `data` (each item of it when
 * `many`) checked by `item` when one is given.
 */
function successful<A>(
  matches: (answer: Record<string, unknown>) => boolean,
  item?: AnswerSchema<unknown>,
  many = false,
): AnswerSchema<A> {
  return {
    safeParse(value) {
      if (!isRecord(value) || value.success !== true || !matches(value)) return refused;
      if (!item) return { success: true, data: value as A };
      if (many && !Array.isArray(value.data)) return refused;
      const data: unknown[] = [];
      for (const one of many ? (value.data as unknown[]) : [value.data]) {
        const parsed = item.safeParse(one);
        if (!parsed.success) return parsed;
        data.push(parsed.data);
      }
      return { success: true, data: { ...value, data: many ? data : data[0] } as A };
    },
  };
}

/**
 * The answer around a summary or row: checked with the item's schema, or in development only when
 * the item's contract is (it loads then, with zod).
 */
function around<A>(
  item: AnswerContract<unknown>,
  many: boolean,
  matches: (answer: Record<string, unknown>) => boolean = anyOther,
): AnswerContract<A> {
  const answerOf = (schema: AnswerSchema<unknown>) => successful<A>(matches, schema, many);
  return 'safeParse' in item ? answerOf(item) : { loadContract: () => item.loadContract().then(answerOf) };
}

export function useUploads<T extends UploadSummary>(base: UploadBase, Summary: AnswerContract<T>) {
  return useQuery({
    queryKey: [...uploadsKey(base), 'list'],
    queryFn: ({ signal }) =>
      api
        .get(`/api/${base}`, around<{ success: true; data: T[] }>(Summary, true), { signal })
        .then((r) => r.data),
    refetchInterval: (q) => ((q.state.data ?? []).some(running) ? POLL_MS : false),
  });
}

export function useUpload<T extends UploadSummary>(base: UploadBase, Summary: AnswerContract<T>, id: number) {
  return useQuery({
    queryKey: [...uploadsKey(base), 'one', id],
    queryFn: ({ signal }) =>
      api
        .get(`/api/${base}/${id}`, around<{ success: true; data: T }>(Summary, false), { signal })
        .then((r) => r.data),
    refetchInterval: (q) => (running(q.state.data) ? POLL_MS : false),
  });
}

export function useUploadRows<T>(
  base: UploadBase,
  Row: AnswerContract<T>,
  id: number,
  q: { status?: 'succeeded' | 'failed'; after?: number; limit?: number },
  poll = false,
) {
  return useQuery({
    queryKey: [...uploadsKey(base), 'rows', id, q],
    queryFn: ({ signal }) =>
      api.get(
        `/api/${base}/${id}/rows`,
        around<{ success: true; data: T[]; hasMore: boolean }>(
          Row,
          true,
          (a) => typeof a.hasMore === 'boolean',
        ),
        { signal, query: { ...q } },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? POLL_MS : false,
  });
}

// The preview's contract (and zod) load in development only (ADR 043).
const PreviewAnswer = around<{ success: true; data: Preview }>(
  checkedInDevelopment(() => import('@domain/uploads/upload').then((m) => m.Preview)),
  false,
);
export function usePreview(base: UploadBase) {
  return useMutation({
    mutationFn: (body: { fileName: string; csv: string }) =>
      api.post(`/api/${base}/preview`, PreviewAnswer, body, { timeoutMs: 120_000 }).then((r) => r.data),
  });
}

const Confirmed = successful<{
  success: true;
  message: string;
  created: boolean;
  data: { id: number; [key: string]: unknown };
}>(
  (a) =>
    typeof a.message === 'string' &&
    typeof a.created === 'boolean' &&
    isRecord(a.data) &&
    typeof a.data.id === 'number',
);
export function useConfirmUpload(base: UploadBase) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: { fileName: string; csv: string; idempotencyKey: string }) =>
      api.post(`/api/${base}`, Confirmed, body, { timeoutMs: 120_000 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsKey(base) }),
  });
}

const Retried = successful<{ success: true; message: string; retried: number }>(
  (a) => typeof a.message === 'string' && typeof a.retried === 'number',
);
export function useRetryUpload(base: UploadBase, id: number) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (rowIds?: number[]) =>
      api.post(`/api/${base}/${id}/retry`, Retried, rowIds ? { rowIds } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsKey(base) }),
  });
}

const Resumed = successful<{ success: true; message: string; started: boolean }>(
  (a) => typeof a.message === 'string' && typeof a.started === 'boolean',
);
/** Hands a queued upload no worker holds to a worker again (the server leaves a held one alone). */
export function useResumeUpload(base: UploadBase, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/${base}/${id}/resume`, Resumed, {}),
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
