import type {
  CreateStaffUserRequest,
  StaffListQuery,
  StaffUser,
  UpdateStaffUserRequest,
} from '@domain/auth/administrators';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AnswerOf, api, checkedInDevelopment, SuccessMessage } from '@web/lib/api-client';

// Administrators (/administrators): staff users of both directories (DESIGN §4: leaders and developers).
//
// The answers' contracts (and zod) load in development only (ADR 043).
const administrators = () => import('@domain/auth/administrators');
const StaffList = checkedInDevelopment(() => administrators().then((m) => m.StaffListAnswer));
const StaffUserAnswer = checkedInDevelopment(() => administrators().then((m) => m.StaffUserAnswer));
const CreatedStaffUser = checkedInDevelopment(() => administrators().then((m) => m.CreatedStaffUserAnswer));

const listKey = ['administrators', 'list'] as const;

export function useStaffUsers(query: StaffListQuery) {
  return useQuery({
    queryKey: [...listKey, query],
    queryFn: ({ signal }) =>
      api.get('/api/administrators', StaffList, {
        signal,
        query: { q: query.q, role: query.role, directory: query.directory, status: query.status },
      }),
    placeholderData: (previous) => previous,
  });
}

/** Shows a changed user at once in every cached list, then re-reads lists whose filters it may now miss. */
function replaceInLists(queryClient: QueryClient, user: StaffUser) {
  queryClient.setQueriesData<AnswerOf<typeof StaffList>>({ queryKey: listKey }, (current) =>
    current ? { ...current, data: current.data.map((u) => (u.id === user.id ? user : u)) } : current,
  );
  return queryClient.invalidateQueries({ queryKey: listKey });
}

export function useCreateStaffUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffUserRequest) => api.post('/api/administrators', CreatedStaffUser, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function useUpdateStaffUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateStaffUserRequest }) =>
      api.patch(`/api/administrators/${encodeURIComponent(id)}`, StaffUserAnswer, changes),
    onSuccess: ({ data }) => replaceInLists(queryClient, data),
  });
}

/** Deactivating also ends that user's sessions (server side); activating lets them sign in again. */
export function useSetStaffActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.post(
        `/api/administrators/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`,
        StaffUserAnswer,
      ),
    onSuccess: ({ data }) => replaceInLists(queryClient, data),
  });
}

export function useSendPasswordLink() {
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/administrators/${encodeURIComponent(id)}/sendPasswordLink`, SuccessMessage),
  });
}
