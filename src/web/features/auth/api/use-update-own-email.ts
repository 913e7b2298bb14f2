import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { AuthMessageAnswer } from './password-reset';

/**
 * A staff member asks to sign in with a new email. Nothing changes until the link sent to the
 * new address is followed (spec 1 §7 updateEmail; the confirmed flow of one's own email).
 */
export function useUpdateOwnEmail(uid: string) {
  return useMutation({
    mutationFn: (email: string) => api.post('/api/auth/updateEmail', AuthMessageAnswer, { uid, email }),
  });
}
