import type { OrderProcess } from '@domain/downstream/downstream';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The order's shipping address, each missing part said in red. */
export function AddressLines({ address: a }: { address: OrderProcess['order']['shippingAddress'] }) {
  if (!a)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No shipping address on this order.
      </Typography>
    );
  const missing = (v: string | null | undefined, what: string) =>
    v?.trim() ? (
      v
    ) : (
      <Box component="span" sx={{ color: 'error.main' }}>
        ({what} missing)
      </Box>
    );
  return (
    <Typography component="address" variant="body2" sx={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
      {a.firstName} {a.lastName}
      {a.companyName ? `, ${a.companyName}` : ''}
      <br />
      {missing(a.address, 'address')}
      {a.address2 ? `, ${a.address2}` : ''}
      <br />
      {missing(a.city, 'city')}, {missing(a.region, 'state or province')}{' '}
      {missing(a.postalCode, 'postal code')} · {a.country}
    </Typography>
  );
}
