import type { ShippingAddress } from '@domain/addresses/addresses';
import { formatPhone } from '@domain/validation/masks';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '@web/lib/format';

interface AddressCardProps {
  address: ShippingAddress;
  canEdit: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}

export function AddressCard({
  address: a,
  canEdit,
  busy,
  onEdit,
  onDelete,
  onMakeDefault,
}: AddressCardProps) {
  const name = `${a.firstName} ${a.lastName}`;
  return (
    <Card
      variant="outlined"
      component="li"
      aria-label={`${name}, ${a.address}${a.isDefaultShipping ? ' (default shipping)' : ''}`}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: a.isDefaultShipping ? 'primary.main' : undefined,
      }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          {a.isDefaultShipping && <Chip size="small" color="primary" label="Default shipping" />}
        </Stack>
        <Typography component="address" variant="body2" sx={{ fontStyle: 'normal', lineHeight: 1.6 }}>
          {a.companyName && (
            <>
              {a.companyName}
              <br />
            </>
          )}
          {a.address}
          {a.address2 && `, ${a.address2}`}
          <br />
          {a.city}, {a.region} {a.postalCode}
          <br />
          {a.countryId === 2 ? 'Canada' : 'United States'}
          {a.telephone && (
            <>
              <br />
              {formatPhone(a.telephone)}
            </>
          )}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
          Last changed {formatDate(a.dateLastModified)}
          {a.phoenixId ? ` · Phoenix ${a.phoenixId}` : ''}
        </Typography>
      </CardContent>
      {canEdit && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 1.5 }}>
          <Button size="small" onClick={onEdit} disabled={busy} aria-label={`Edit address ${a.address}`}>
            Edit
          </Button>
          {!a.isDefaultShipping && (
            <Button
              size="small"
              onClick={onMakeDefault}
              disabled={busy}
              aria-label={`Make ${a.address} the default`}
            >
              Make default
            </Button>
          )}
          <Button
            size="small"
            color="error"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete address ${a.address}`}
          >
            Delete
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
