import { ADDRESS_MESSAGES } from '@domain/addresses/address-rules';
import type { ShippingAddress } from '@domain/addresses/addresses';
import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { Placeholder } from '@web/components/placeholder';
import { errorMessage } from '@web/lib/api-client';
import { useState } from 'react';
import { useAddresses, useDeleteAddress, useMakeDefaultAddress } from '../api/addresses';
import { AddressCard } from './address-card';
import { AddressFormDialog } from './address-form-dialog';

interface AddressListProps {
  uid: string;
  /** Whether the signed-in role may change addresses (records.edit). */
  canEdit: boolean;
}

type Editing = { address: ShippingAddress | null } | null;

/** Address tab: the account's shipping addresses, the default first (spec 1 §2 Address). */
export function AddressList({ uid, canEdit }: AddressListProps) {
  const addresses = useAddresses(uid);
  const remove = useDeleteAddress(uid);
  const makeDefault = useMakeDefaultAddress(uid);
  const alert = useAlert();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ShippingAddress | null>(null);
  const list = addresses.data ?? [];
  const busy = remove.isPending || makeDefault.isPending;
  const feedback = {
    onSuccess: (answer: { message: string }) => alert.success(answer.message || ADDRESS_MESSAGES.success),
    onError: (error: unknown) => alert.error(errorMessage(error, ADDRESS_MESSAGES.failure)),
  };
  const defaultCountry = list[0]?.countryId === 2 ? 2 : 1;

  return (
    <Box component="section" aria-labelledby="addresses-heading">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id="addresses-heading" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          Shipping addresses
        </Typography>
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<AddLocationAltOutlined />}
            onClick={() => setEditing({ address: null })}
          >
            Add address
          </Button>
        )}
      </Stack>

      {addresses.isPending && (
        <Stack spacing={2} role="status" aria-busy="true" aria-label="Loading addresses">
          <Placeholder height={150} />
          <Placeholder height={150} />
        </Stack>
      )}
      {addresses.isError && (
        <Alert severity="error">{errorMessage(addresses.error, 'Could not load the addresses.')}</Alert>
      )}
      {addresses.isSuccess && list.length === 0 && (
        <EmptyState
          icon={<AddLocationAltOutlined />}
          title="No shipping addresses yet"
          description="Addresses added here are offered at checkout; the first one becomes the default."
        />
      )}
      {list.length > 0 && (
        <Box
          component="ul"
          aria-label="Shipping addresses"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {list.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              canEdit={canEdit}
              busy={busy}
              onEdit={() => setEditing({ address })}
              onDelete={() => setDeleting(address)}
              onMakeDefault={() => makeDefault.mutate(address.id, feedback)}
            />
          ))}
        </Box>
      )}

      {editing && (
        <AddressFormDialog
          uid={uid}
          address={editing.address}
          defaultCountryId={editing.address?.countryId === 2 ? 2 : defaultCountry}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this address?"
        confirmLabel="Delete address"
        destructive
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            ...feedback,
            onSettled: () => setDeleting(null),
          })
        }
      >
        {deleting && (
          <>
            {deleting.address}, {deleting.city} will be removed from this account.
            {deleting.isDefaultShipping && ' Another address becomes the default shipping address.'}
          </>
        )}
      </ConfirmDialog>
    </Box>
  );
}
