import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CartAdmin } from '@web/features/carts/components/cart-admin';
import { Link as RouterLink, useParams } from 'react-router';

/** Cart detail under a customer: the admin cart view (spec 2 §2). */
export function CustomerCartPage() {
  const params = useParams();
  const uid = params.id ?? '';
  return (
    <>
      <Box sx={{ mb: 1 }}>
        <Button
          component={RouterLink}
          to={`/customers/${encodeURIComponent(uid)}/carts`}
          startIcon={<ArrowBack />}
          size="small"
        >
          All carts
        </Button>
      </Box>
      <CartAdmin cartId={params.cartId ?? ''} />
    </>
  );
}
