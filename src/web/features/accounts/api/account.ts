import type { AddCommentRequest } from '@domain/accounts/account';
import type { AuditQuery } from '@domain/accounts/audit';
import type { UpdateProfilePatchInput } from '@domain/accounts/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, checkedInDevelopment, SuccessMessage } from '@web/lib/api-client';
import { customerQueryKey } from '@web/lib/query-keys';

// The customer detail and audit tabs talk to the accounts module (spec 1 §7 /cs/… calls).
//
// The answers' contracts (and zod) load in development only (ADR 043).
const account = () => import('@domain/accounts/account');
const operations = () => import('@domain/accounts/operations');
const AccountRecordAnswer = checkedInDevelopment(() => account().then((m) => m.AccountRecordAnswer));
const ProfileUpdateAnswer = checkedInDevelopment(() => account().then((m) => m.ProfileUpdateAnswer));
const CommentsAnswer = checkedInDevelopment(() => account().then((m) => m.CommentsAnswer));
const AccountTypeHistoryAnswer = checkedInDevelopment(() =>
  account().then((m) => m.AccountTypeHistoryAnswer),
);
const AuditAnswer = checkedInDevelopment(() => import('@domain/accounts/audit').then((m) => m.AuditAnswer));
const EmployeeLookupAnswer = checkedInDevelopment(() => operations().then((m) => m.EmployeeLookupAnswer));
const PwsAvailability = checkedInDevelopment(() => operations().then((m) => m.PwsAvailability));
const RestoreCheckAnswer = checkedInDevelopment(() => operations().then((m) => m.RestoreCheckAnswer));
const SignInAsAnswer = checkedInDevelopment(() => operations().then((m) => m.SignInAsAnswer));
const InvalidTaxAttemptsAnswer = checkedInDevelopment(() =>
  import('@domain/accounts/tax-number').then((m) => m.InvalidTaxAttemptsAnswer),
);
const QuickNameSearchAnswer = checkedInDevelopment(() =>
  import('@domain/customers/quick-search').then((m) => m.QuickNameSearchAnswer),
);

export const accountKey = (uid: string) => [...customerQueryKey(uid), 'account'] as const;
const enc = encodeURIComponent;

export function useAccountRecord(uid: string) {
  return useQuery({
    queryKey: [...accountKey(uid), 'record'],
    queryFn: ({ signal }) => api.get(`/api/cs/customer/${enc(uid)}`, AccountRecordAnswer, { signal }),
    select: (answer) => answer.data,
  });
}

/**
 * After any change everything read about the customer (record, comments, history, audit, and the
 * header and dashboard of the customer layout) is read again. Not
 * awaited: the caller's own onSuccess (the alert) must run before the re-read re-renders, since a
 * section keyed by the changed data remounts and would drop it.
 */
function useRefreshAccount(uid: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: customerQueryKey(uid) });
  };
}

export function useUpdateProfile(uid: string) {
  const refresh = useRefreshAccount(uid);
  return useMutation({
    mutationFn: (body: UpdateProfilePatchInput) =>
      api.put(`/api/cs/customer/${enc(uid)}`, ProfileUpdateAnswer, body),
    onSuccess: refresh,
  });
}

/** One account operation: method, path and body; answers `{success, message}` (spec 1 §8 messages). */
export interface OperationCall {
  method: 'POST' | 'PUT';
  path: string;
  body?: unknown;
}

export function useAccountOperation(uid: string) {
  const refresh = useRefreshAccount(uid);
  return useMutation({
    mutationFn: ({ method, path, body }: OperationCall) =>
      method === 'PUT'
        ? api.put(path, SuccessMessage, body ?? {})
        : api.post(path, SuccessMessage, body ?? {}),
    onSuccess: refresh,
  });
}

export function useComments(uid: string) {
  return useQuery({
    queryKey: [...accountKey(uid), 'comments'],
    queryFn: ({ signal }) => api.get(`/api/cs/customer/${enc(uid)}/comments`, CommentsAnswer, { signal }),
    select: (answer) => answer.data,
  });
}

export function useAddComment(uid: string) {
  const refresh = useRefreshAccount(uid);
  return useMutation({
    mutationFn: (body: AddCommentRequest) =>
      api.post(`/api/cs/customer/${enc(uid)}/comments`, SuccessMessage, body),
    onSuccess: refresh,
  });
}

export function useInvalidTaxAttempts(uid: string, enabled: boolean) {
  const refresh = useRefreshAccount(uid);
  return useQuery({
    queryKey: ['customer-account-tax-attempts', uid],
    queryFn: async ({ signal }) => {
      const answer = await api.get(
        `/api/cs/invalid-tax-number/attempts/${enc(uid)}`,
        InvalidTaxAttemptsAnswer,
        { signal },
      );
      if (answer.commentAdded) void refresh();
      return answer;
    },
    enabled,
  });
}

export function usePwsAvailability(key: string, phoenixId: number) {
  return useQuery({
    queryKey: ['pws-availability', key],
    queryFn: ({ signal }) =>
      api.get(`/api/cs/accounts/phoenix/pws/${enc(key)}`, PwsAvailability, { signal, query: { phoenixId } }),
    enabled: key.length >= 3,
    select: (answer) => answer.data,
    retry: false,
  });
}

export function useAccountTypeHistory(uid: string) {
  return useQuery({
    queryKey: [...accountKey(uid), 'type-history'],
    queryFn: ({ signal }) =>
      api.get(`/api/cs/account/accountTypeHistory/${enc(uid)}`, AccountTypeHistoryAnswer, { signal }),
    select: (answer) => answer.data,
  });
}

export function useRestoreCheck(path: string, enabled: boolean) {
  return useQuery({
    queryKey: ['customer-account-restore-check', path],
    queryFn: ({ signal }) => api.get(path, RestoreCheckAnswer, { signal }),
    select: (answer) => answer.data,
    enabled,
  });
}

export function useSignInAs(uid: string) {
  return useMutation({
    mutationFn: () => api.post(`/api/cs/account/${enc(uid)}/custom-token`, SignInAsAnswer),
  });
}

export function useEmployeeLookup(uid: string, enabled: boolean) {
  return useQuery({
    queryKey: [...accountKey(uid), 'employee'],
    queryFn: ({ signal }) =>
      api.get(`/api/cs/customer/${enc(uid)}/employee`, EmployeeLookupAnswer, { signal }),
    enabled,
  });
}

export function useAudit(uid: string, query: Partial<AuditQuery>) {
  return useQuery({
    queryKey: [...accountKey(uid), 'audit', query],
    queryFn: ({ signal }) =>
      api.get(`/api/customers/${enc(uid)}/audit`, AuditAnswer, {
        signal,
        query: { collection: query.collection, changedBy: query.changedBy, page: query.page },
      }),
    placeholderData: (previous) => previous,
  });
}

/** Consultant quick search for the sponsor and enroller pickers (take 10, by country). */
export function useConsultantSearch(text: string, countryId: number) {
  const trimmed = text.trim();
  const isNumber = /^[Mm]?\d+$/.test(trimmed);
  return useQuery({
    queryKey: ['consultant-quick-search', trimmed, countryId],
    queryFn: ({ signal }) =>
      api.get('/api/account/open/QuickNameSearchConsultants', QuickNameSearchAnswer, {
        signal,
        query: { ...(isNumber ? { account: trimmed } : { q: trimmed }), take: 10, countryid: countryId },
      }),
    enabled: trimmed.length >= 2,
    select: (answer) => answer.data,
    placeholderData: (previous) => previous,
  });
}
