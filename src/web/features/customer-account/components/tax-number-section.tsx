import type { AccountRecord } from '@domain/accounts/account';
import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import {
  formatTaxNumberInput,
  TAX_NUMBER_LABELS,
  TAX_NUMBER_MASKS,
  taxNumberKind,
} from '@domain/accounts/tax-number';
import { businessNumber, taxNumber } from '@domain/validation/fields';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { Fact, SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useState } from 'react';
import { useAccountOperation, useInvalidTaxAttempts } from '../api/account';

/** Tax number (spec 1 §5): shown masked; entered with the input mask of its kind. */
export function TaxNumberSection({ account, canEdit }: { account: AccountRecord; canEdit: boolean }) {
  const [isEntity, setIsEntity] = useState(account.isEntity);
  const [entityName, setEntityName] = useState(account.entityName ?? '');
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [lookup, setLookup] = useState(false);
  const attempts = useInvalidTaxAttempts(account.uid, lookup);
  const operation = useAccountOperation(account.uid);
  const alert = useAlert();
  const kind = taxNumberKind(account.countryId, isEntity);
  const label = TAX_NUMBER_LABELS[kind];

  const save = () => {
    const rule = kind === 'businessNumber' ? businessNumber() : taxNumber();
    const checked = rule.safeParse(number);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? ACCOUNT_MESSAGES.tinInvalid);
    if (isEntity && !entityName.trim()) return setProblem('Entity name is required for an entity');
    setProblem(null);
    operation.mutate(
      {
        method: 'POST',
        path: '/api/cs/taxNumber',
        body: { uid: account.uid, [kind]: number, isEntity, entityName: isEntity ? entityName : null },
      },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          setNumber('');
        },
        onError: (error) => alert.error(errorMessage(error)),
      },
    );
  };

  return (
    <SectionCard title="Tax number">
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Fact label={TAX_NUMBER_LABELS[account.taxNumber.kind]}>
            {account.taxNumber.masked ?? 'None on file'}
          </Fact>
          <Fact label="Entity">{account.isEntity ? (account.entityName ?? 'Yes') : 'No'}</Fact>
        </Box>
        {canEdit && (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <FormControlLabel
              control={<Switch checked={isEntity} onChange={(_e, v) => setIsEntity(v)} />}
              label="The account is an entity (business)"
            />
            {isEntity && (
              <TextField
                size="small"
                label="Entity name"
                value={entityName}
                onChange={(e) => setEntityName(e.target.value)}
                required
              />
            )}
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <TextField
                size="small"
                label={`New ${label}`}
                value={number}
                autoComplete="off"
                onChange={(e) => setNumber(formatTaxNumberInput(kind, e.target.value))}
                error={Boolean(problem)}
                helperText={problem ?? TAX_NUMBER_MASKS[kind].replaceAll('A', 'X')}
                sx={{ flex: 1, minWidth: 200 }}
              />
              <Button variant="outlined" onClick={save} disabled={!number} loading={operation.isPending}>
                Save tax number
              </Button>
            </Box>
          </Box>
        )}
        <Box>
          <Button
            size="small"
            onClick={() => (lookup ? attempts.refetch() : setLookup(true))}
            loading={attempts.isFetching}
          >
            Look up invalid attempts
          </Button>
          {attempts.data && (
            <Box role="status" sx={{ mt: 1 }}>
              {attempts.data.data.length === 0 ? (
                <Typography variant="body2">No invalid tax-number attempts.</Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {attempts.data.data.map((a) => (
                    <li key={`${a.code}-${a.attemptedAt}`}>
                      <Typography variant="body2">
                        {formatDateTime(a.attemptedAt)}: {a.code}
                      </Typography>
                    </li>
                  ))}
                </Box>
              )}
            </Box>
          )}
        </Box>
      </Box>
    </SectionCard>
  );
}
