import { ADDRESS_COUNTRIES, addressLabels, regionsOf } from '@domain/addresses/address-rules';
import type { AddressInput, AddressValues } from '@domain/addresses/addresses';
import { formatCompany, formatName, formatPhone, formatZip } from '@domain/validation/masks';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import type { Control } from 'react-hook-form';
import { FormTextField } from './form-text-field';

/** The address form's fields, for placing server issues on them (applyServerIssues). */
export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'address',
  'address2',
  'city',
  'region',
  'postalCode',
  'countryId',
  'telephone',
] as const;

/** A new address in `countryId`: every field empty. */
export const blankAddress = (countryId: 1 | 2): AddressInput => ({
  firstName: '',
  lastName: '',
  companyName: '',
  address: '',
  address2: '',
  city: '',
  region: '',
  postalCode: '',
  countryId,
  telephone: '',
});

/**
 * The fields of a shipping address with the rules of spec 1 §5 and their input masks, on two
 * columns from tablet width: a customer's address book and an order's address both use it.
 * `countrySelect` offers the country; without it the address stays in `countryId`. The first field
 * takes the focus (`autoFocus`, the default) where the form opens because the user asked for it.
 */
export function AddressFields({
  control,
  countryId,
  countrySelect = false,
  autoFocus = true,
}: {
  control: Control<AddressInput, unknown, AddressValues>;
  countryId: 1 | 2;
  countrySelect?: boolean;
  autoFocus?: boolean;
}) {
  const labels = addressLabels(countryId);
  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <FormTextField
        control={control}
        name="firstName"
        label="First Name"
        mask={formatName}
        required
        autoFocus={autoFocus}
      />
      <FormTextField control={control} name="lastName" label="Last Name" mask={formatName} required />
      <FormTextField
        control={control}
        name="companyName"
        label="Company"
        mask={formatCompany}
        sx={{ gridColumn: '1 / -1' }}
      />
      {countrySelect && (
        <FormTextField
          control={control}
          name="countryId"
          label="Country"
          select
          required
          sx={{ gridColumn: '1 / -1' }}
        >
          {ADDRESS_COUNTRIES.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </FormTextField>
      )}
      <FormTextField
        control={control}
        name="address"
        label="Address"
        required
        sx={{ gridColumn: '1 / -1' }}
      />
      <FormTextField
        control={control}
        name="address2"
        label="Apt/Floor/Suite"
        sx={{ gridColumn: '1 / -1' }}
      />
      <FormTextField control={control} name="city" label="City" required />
      <FormTextField control={control} name="region" label={labels.region} select required>
        {regionsOf(countryId).map(([code, name]) => (
          <MenuItem key={code} value={code}>
            {name}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="postalCode"
        label={labels.postalCode}
        mask={(v) => formatZip(v, countryId)}
        required
        autoComplete="postal-code"
      />
      <FormTextField
        control={control}
        name="telephone"
        label="Telephone"
        mask={formatPhone}
        type="tel"
        autoComplete="tel"
        placeholder="(555) 555-5555"
      />
    </Box>
  );
}
