import type { StaffUser } from '@domain/auth/administrators';
import type { Principal } from '@domain/auth/permissions';
import { ROLE_LABELS } from '@domain/auth/roles';
import { useAlert } from '@web/components/alert/alert-context';
import { errorMessage } from '@web/lib/api-client';
import { useState } from 'react';
import { useSendPasswordLink, useSetStaffActive, useUpdateStaffUser } from '../api/administrators';
import type { StaffActions } from '../components/staff-actions';

/** Wires the row controls to the API and the alert bar; deactivation waits for a confirmation. */
export function useStaffActions(currentUserId: string | null, granter: Principal | null) {
  const alert = useAlert();
  const update = useUpdateStaffUser();
  const setActive = useSetStaffActive();
  const sendLink = useSendPasswordLink();
  const [toDeactivate, setToDeactivate] = useState<StaffUser | null>(null);
  const fail = (error: unknown) => alert.error(errorMessage(error));

  const busyId =
    (update.isPending && update.variables?.id) ||
    (setActive.isPending && setActive.variables?.id) ||
    (sendLink.isPending && sendLink.variables) ||
    null;

  const actions: StaffActions = {
    busyId,
    currentUserId,
    granter,
    changeRole: (user, role) =>
      update.mutate(
        { id: user.id, changes: { role } },
        { onSuccess: () => alert.success(`${user.name} is now ${ROLE_LABELS[role]}`), onError: fail },
      ),
    setAccess: (user, field, value) =>
      update.mutate(
        { id: user.id, changes: { [field]: value } },
        {
          onSuccess: () =>
            alert.success(
              `${field === 'promoAccess' ? 'Promo' : 'Juno'} access ${value ? 'granted to' : 'removed from'} ${user.name}`,
            ),
          onError: fail,
        },
      ),
    deactivate: (user) => setToDeactivate(user),
    activate: (user) =>
      setActive.mutate(
        { id: user.id, active: true },
        { onSuccess: () => alert.success(`${user.name} can sign in again`), onError: fail },
      ),
    sendPasswordLink: (user) =>
      sendLink.mutate(user.id, { onSuccess: (answer) => alert.success(answer.message), onError: fail }),
  };

  const confirmDeactivate = () => {
    if (!toDeactivate) return;
    const user = toDeactivate;
    setActive.mutate(
      { id: user.id, active: false },
      {
        onSuccess: () => {
          setToDeactivate(null);
          alert.success(`${user.name} is deactivated and signed out`);
        },
        onError: fail,
      },
    );
  };

  return {
    actions,
    deactivation: {
      user: toDeactivate,
      pending: setActive.isPending,
      confirm: confirmDeactivate,
      cancel: () => setToDeactivate(null),
    },
  };
}
