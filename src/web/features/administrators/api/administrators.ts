import {
  type CreateStaffUserRequest,
  type StaffListQuery,
  StaffUser,
  type UpdateStaffUserRequest,
} from '@domain/auth/administrators';
import { ok } from '@domain/platform/envelope';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, SuccessMessage } from '@web/lib/api-client';
import { z } from 'zod';

// Administrators (/administrators): staff users of both directories (DESIGN §4: leaders and developers).

const listKey = ['administrators', 'list'] as const;
const StaffList = ok(z.array(StaffUser));
const StaffUserAnswer = ok(StaffUser);
const CreatedStaffUser = z.object({ success: z.literal(true), data: StaffUser, message: z.string() });

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
  queryClient.setQueriesData<z.infer<typeof StaffList>>({ queryKey: listKey }, (current) =>
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
