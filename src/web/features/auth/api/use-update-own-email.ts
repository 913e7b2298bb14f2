import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { z } from 'zod';

const MessageResponse = z.object({ success: z.boolean(), message: z.string() });

/**
 * A staff member asks to sign in with a new email. Nothing changes until the link sent to the
 * new address is followed (spec 1 §7 updateEmail; the confirmed flow of one's own email).
 */
export function useUpdateOwnEmail(uid: string) {
  return useMutation({
    mutationFn: (email: string) => api.post('/api/auth/updateEmail', MessageResponse, { uid, email }),
  });
}
