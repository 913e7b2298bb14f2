import type { CheckoutAccount, CheckoutAddress } from '@domain/checkout/checkout';
import { needsVerification, verificationFlags } from '@domain/maps/verification';
import { ADDRESS_REVERIFY_MS } from '@domain/reference/constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Loading } from '@web/components/loading';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { chunkLoader, lazyOr, preloader } from '@web/lib/chunk-load';
import { persistedFormKey, sessionStore } from '@web/lib/session-store';
import { Suspense, useState } from 'react';
import { verifyAddress } from '../api/checkout';
import { addressLine } from './address-line';
import { type AddressVariant, AddressVerifyDialog, type PendingVerification } from './address-verify-dialog';
import { shippingDraftOf } from './persisted-forms';
import type { ShippingAddressFormProps } from './shipping-address-form';

/** Said in place of the address form when its code cannot be fetched (offline, a new release). */
function FormUnavailable({ onCancel }: ShippingAddressFormProps) {
  return (
    <Box>
      <Alert severity="error">The address form did not load. Reload the page to try again.</Alert>
      {onCancel && (
        <Button onClick={onCancel} sx={{ mt: 1 }}>
          Cancel
        </Button>
      )}
    </Box>
  );
}

// The new address form, with its form library and the address search, loads when it is opened or
// "Enter a new address" is pointed at or focused, not with the checkout (ADR 044: forms load on
// first use). The checkout that opens on the form (nothing on file, or a draft) loads it at once.
const loadForm = chunkLoader(() => import('./shipping-address-form'));
const ShippingAddressForm = lazyOr(() => loadForm().then((m) => m.ShippingAddressForm), FormUnavailable);
const preloadForm = preloader(loadForm);

/**
 * The shipping address (spec 2 §2, §5; spec 3 §2–§4): a saved address or the form, whose labels
 * follow the country, verified when the last verification is absent or over 180 days old; the
 * dialog offers the entered and the suggested variants.
 */
export function ShippingPanel({
  account,
  countryId,
  localeCode,
  address,
  onAddress,
}: {
  account: CheckoutAccount;
  countryId: 1 | 2;
  /** The cart's locale: the form is kept per locale (spec 3 §3). */
  localeCode: string;
  address: CheckoutAddress | null;
  onAddress: (a: CheckoutAddress | null) => void;
}) {
  const saved = account.shippingAddresses.filter((a) => a.countryId === countryId);
  // A form flagged persist (spec 3 §3): what was typed comes back after a reload, in this locale.
  const draftKey = persistedFormKey('checkout-shipping', localeCode, account.uid);
  const [draft] = useState(() => shippingDraftOf(sessionStore.get(draftKey)));
  const hasDraft = Object.keys(draft).length > 0;
  const [editing, setEditing] = useState((saved.length === 0 && !address) || hasDraft);
  // The form shown as the checkout opens (nothing on file, or a draft) leaves the focus where it is:
  // taking it would scroll a phone past the cart to the form, and lay the page out before its first
  // paint. The form opened with "Enter a new address" takes it.
  const [asked, setAsked] = useState(false);
  const [pending, setPending] = useState<PendingVerification | null>(null);
  const [variant, setVariant] = useState<AddressVariant>('suggested');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const verify = async (entered: CheckoutAddress) => {
    if (!needsVerification(entered.melissaVerificationDateUTC, Date.now(), ADDRESS_REVERIFY_MS)) {
      onAddress(entered);
      return;
    }
    setChecking(true);
    setProblem(null);
    try {
      const answer = await verifyAddress({
        a1: entered.address,
        a2: entered.address2 ?? '',
        loc: entered.city,
        admarea: entered.region,
        postal: entered.postalCode,
        ctry: countryId === 2 ? 'CA' : 'US',
      });
      const flags = verificationFlags(answer);
      const record = answer.Records[0];
      if (!record || (!flags.suggestion && !flags.error)) {
        onAddress({ ...entered, melissaVerificationDateUTC: new Date().toISOString() });
        setEditing(false);
        return;
      }
      setVariant(flags.suggestion ? 'suggested' : 'entered');
      setPending({ entered, record, ...flags });
    } catch (err) {
      // Spec 3 §8: a failed verification gives an error and no suggestion.
      setProblem(errorMessage(err));
    } finally {
      setChecking(false);
    }
  };

  const choose = () => {
    if (!pending) return;
    const r = pending.record;
    const chosen =
      variant === 'suggested'
        ? {
            ...pending.entered,
            city: r.Locality || pending.entered.city,
            region: r.AdministrativeArea,
            postalCode: r.PostalCode,
          }
        : pending.entered;
    onAddress({ ...chosen, melissaVerificationDateUTC: new Date().toISOString() });
    setPending(null);
    setEditing(false);
  };

  return (
    <SectionCard title="Shipping address">
      {address && !editing && (
        <Typography sx={{ mb: 1.5 }} data-testid="ship-to">
          {addressLine(address)}
        </Typography>
      )}
      {saved.length > 0 && !editing && (
        <TextField
          size="small"
          select
          fullWidth
          label="Saved address"
          value={address?.id ?? ''}
          onChange={(e) => {
            const a = saved.find((s) => s.id === Number(e.target.value));
            if (a)
              void verify({
                ...a,
                countryId,
                saveAddress: false,
                companyName: a.companyName,
                telephone: a.telephone,
              });
          }}
          sx={{ mb: 1.5 }}
        >
          {saved.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.address}, {a.city}, {a.region} {a.postalCode}
              {a.isDefaultShipping ? ' (default)' : ''}
            </MenuItem>
          ))}
        </TextField>
      )}
      {editing ? (
        <Suspense
          fallback={
            // The form's height (one column of fields on a phone, two from 600 px), so that what
            // follows the panel does not move when the form comes.
            <Box sx={{ minHeight: { xs: 780, sm: 564 } }}>
              <Loading label="Loading the address form" />
            </Box>
          }
        >
          <ShippingAddressForm
            countryId={countryId}
            uid={account.uid}
            draftKey={draftKey}
            draft={asked ? {} : draft}
            autoFocus={asked}
            checking={checking}
            onEntered={verify}
            onCancel={saved.length > 0 || address ? () => setEditing(false) : undefined}
          />
        </Suspense>
      ) : (
        <Button
          onPointerEnter={preloadForm}
          onFocus={preloadForm}
          onClick={() => {
            // A new address starts blank, and so does what is kept of it.
            sessionStore.set(draftKey, {});
            setAsked(true);
            setEditing(true);
          }}
        >
          Enter a new address
        </Button>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
      <AddressVerifyDialog
        pending={pending}
        variant={variant}
        onVariant={setVariant}
        onEdit={() => setPending(null)}
        onChoose={choose}
      />
    </SectionCard>
  );
}
