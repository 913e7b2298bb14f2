import { Preview, type UploadSummary } from '@domain/uploads/upload';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { useSubmitMutation } from '@web/lib/use-submit-mutation';
import { z } from 'zod';

// Calls of an upload kind (batch orders, bulk ledgers): same paths under /api/{base}.

export type UploadBase = 'batchOrders' | 'bulkLedgers';
export const uploadsKey = (base: UploadBase) => ['uploads', base] as const;
/** While a batch runs its screen reads it again this often (the progress bar). */
export const POLL_MS = 1500;

const running = (s: UploadSummary | undefined) => s?.status === 'queued' || s?.status === 'processing';

export function useUploads<S extends z.ZodType<UploadSummary>>(base: UploadBase, Summary: S) {
  const Answer = z.object({ success: z.literal(true), data: z.array(Summary) });
  return useQuery({
    queryKey: [...uploadsKey(base), 'list'],
    queryFn: ({ signal }) => api.get(`/api/${base}`, Answer, { signal }).then((r) => r.data as z.infer<S>[]),
    refetchInterval: (q) => ((q.state.data ?? []).some(running) ? POLL_MS : false),
  });
}

export function useUpload<S extends z.ZodType<UploadSummary>>(base: UploadBase, Summary: S, id: number) {
  const Answer = z.object({ success: z.literal(true), data: Summary });
  return useQuery({
    queryKey: [...uploadsKey(base), 'one', id],
    queryFn: ({ signal }) =>
      api.get(`/api/${base}/${id}`, Answer, { signal }).then((r) => (r as { data: z.infer<S> }).data),
    refetchInterval: (q) => (running(q.state.data) ? POLL_MS : false),
  });
}

export function useUploadRows<R extends z.ZodType>(
  base: UploadBase,
  Row: R,
  id: number,
  q: { status?: 'succeeded' | 'failed'; after?: number; limit?: number },
  poll = false,
) {
  const Answer = z.object({ success: z.literal(true), data: z.array(Row), hasMore: z.boolean() });
  return useQuery({
    queryKey: [...uploadsKey(base), 'rows', id, q],
    queryFn: ({ signal }) =>
      api.get(`/api/${base}/${id}/rows`, Answer, { signal, query: { ...q } }) as Promise<{
        data: z.infer<R>[];
        hasMore: boolean;
      }>,
    placeholderData: keepPreviousData,
    refetchInterval: poll ? POLL_MS : false,
  });
}

const PreviewAnswer = z.object({ success: z.literal(true), data: Preview });
export function usePreview(base: UploadBase) {
  return useMutation({
    mutationFn: (body: { fileName: string; csv: string }) =>
      api.post(`/api/${base}/preview`, PreviewAnswer, body, { timeoutMs: 120_000 }).then((r) => r.data),
  });
}

const Confirmed = z.object({
  success: z.literal(true),
  message: z.string(),
  created: z.boolean(),
  data: z.object({ id: z.number() }).passthrough(),
});
export function useConfirmUpload(base: UploadBase) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: { fileName: string; csv: string; idempotencyKey: string }) =>
      api.post(`/api/${base}`, Confirmed, body, { timeoutMs: 120_000 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsKey(base) }),
  });
}

const Retried = z.object({ success: z.literal(true), message: z.string(), retried: z.number() });
export function useRetryUpload(base: UploadBase, id: number) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (rowIds?: number[]) =>
      api.post(`/api/${base}/${id}/retry`, Retried, rowIds ? { rowIds } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsKey(base) }),
  });
}

const Resumed = z.object({ success: z.literal(true), message: z.string(), started: z.boolean() });
/** Hands a queued upload no worker holds to a worker again (the server leaves a held one alone). */
export function useResumeUpload(base: UploadBase, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/${base}/${id}/resume`, Resumed, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsKey(base) }),
  });
}

const Saved = z.object({ success: z.literal(true), message: z.string() });
export function useCorrectRow(base: UploadBase, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rowId, input }: { rowId: number; input: Record<string, string> }) =>
      api.patch(`/api/${base}/${id}/rows/${rowId}`, Saved, { input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsKey(base) }),
  });
}

export const resultCsvUrl = (base: UploadBase, id: number) => `/api/${base}/${id}/result.csv`;
