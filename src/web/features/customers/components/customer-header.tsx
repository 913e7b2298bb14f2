import type { CustomerSummary } from '@domain/customers/customer';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CopyableText } from '@web/components/copyable-text';
import { Link as RouterLink } from 'react-router';
import { AccountStatusChip, countryLabel, MembershipChip, typeLabel } from './labels';

/** Who the customer is, above every customer tab (spec 1 §2 Customer screens). */
export function CustomerHeader({ customer }: { customer: CustomerSummary }) {
  return (
    <Box component="header" sx={{ mb: 2 }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 0.5, fontSize: 14 }}>
        <Link component={RouterLink} to="/customers" underline="hover" color="inherit">
          Customers
        </Link>
        <Typography sx={{ fontSize: 'inherit', color: 'text.primary' }}>
          {customer.firstName} {customer.lastName}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {customer.firstName} {customer.lastName}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          mt: 1,
          color: 'text.secondary',
        }}
      >
        <Typography component="span" variant="body2">
          Account number
        </Typography>
        <CopyableText value={String(customer.phoenixId)} label="Account number" monospace />
        <Typography component="span" variant="body2" sx={{ ml: 1 }}>
          {countryLabel(customer.countryId)}
        </Typography>
        <Box
          component="ul"
          aria-label="Account types"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
        >
          {(customer.accountTypes.length > 0 ? customer.accountTypes : [typeLabel(customer.userType)]).map(
            (type, i) => (
              <li key={type}>
                <Chip
                  size="small"
                  color={i === 0 ? 'primary' : 'default'}
                  variant={i === 0 ? 'filled' : 'outlined'}
                  label={type}
                />
              </li>
            ),
          )}
        </Box>
        <AccountStatusChip status={customer.accountStatus} />
        <MembershipChip status={customer.membershipStatus} />
      </Box>
    </Box>
  );
}
