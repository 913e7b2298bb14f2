import type { StaffUser } from '@domain/auth/administrators';
import { canGrantRole, canSetAccess, type Principal } from '@domain/auth/permissions';
import { ROLE_LABELS, STAFF_DIRECTORIES, STAFF_ROLES } from '@domain/auth/roles';
import { SET_PASSWORD_LINK_TTL_MS } from '@domain/auth/session-constants';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { FormSwitch } from '@web/components/form/form-switch';
import { FormTextField } from '@web/components/form/form-text-field';
import { lazySchema, useZodForm } from '@web/components/form/use-zod-form';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useCreateStaffUser } from '../api/administrators';

/** The request's rules, fetched when the form is first used (ADR 044: forms load their schema on first use). */
const CreateStaffUserRequest = lazySchema(() =>
  import('@domain/auth/administrators').then((m) => m.CreateStaffUserRequest),
);
const FIELDS = ['name', 'email', 'role', 'directory', 'promoAccess', 'junoAccess'] as const;

const DIRECTORY_HELP: Record<(typeof STAFF_DIRECTORIES)[number], string> = {
  users: 'users (company staff)',
  'cs-users': 'cs-users (customer service)',
};

interface CreateStaffUserFormProps {
  /** The signed-in user: only roles and access they hold can be given. */
  granter: Principal | null;
  onCreated: (user: StaffUser) => void;
  onCancel: () => void;
}

/** /administrators/create: the new user gets an email to choose a password (sent through the outbox). */
export function CreateStaffUserForm({ granter, onCreated, onCancel }: CreateStaffUserFormProps) {
  const create = useCreateStaffUser();
  const alert = useAlert();
  const { control, handleSubmit, setError, applyServerIssues, loadChecks } = useZodForm(
    CreateStaffUserRequest,
    {
      defaultValues: {
        name: '',
        email: '',
        role: 'agent',
        directory: 'cs-users',
        promoAccess: false,
        junoAccess: false,
      },
    },
  );

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        alert.success(answer.message);
        onCreated(answer.data);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setError('email', { type: 'server', message: error.body.error }, { shouldFocus: true });
        } else if (!applyServerIssues(error, FIELDS)) {
          alert.error(errorMessage(error, 'The administrator was not created.'));
        }
      },
    }),
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      {/* The name field takes the focus as the screen opens: the rules load with the first key or
          press in the form instead, so that the screen opens without them. */}
      <form
        onSubmit={onSubmit}
        onKeyDown={loadChecks}
        onPointerDown={loadChecks}
        noValidate
        aria-label="Create administrator"
      >
        <Stack spacing={2.5}>
          <FormTextField
            control={control}
            name="name"
            label="Full name"
            autoComplete="off"
            autoFocus
            required
            fullWidth
          />
          <FormTextField
            control={control}
            name="email"
            label="Work email"
            type="email"
            autoComplete="off"
            required
            fullWidth
          />
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField control={control} name="role" label="Role" select required fullWidth>
              {STAFF_ROLES.map((role) => (
                <MenuItem key={role} value={role} disabled={!granter || !canGrantRole(granter, role)}>
                  {ROLE_LABELS[role]}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={control} name="directory" label="Directory" select required fullWidth>
              {STAFF_DIRECTORIES.map((directory) => (
                <MenuItem key={directory} value={directory}>
                  {DIRECTORY_HELP[directory]}
                </MenuItem>
              ))}
            </FormTextField>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
              Promo tool access
            </Typography>
            <FormSwitch
              control={control}
              name="promoAccess"
              label="Promo access"
              helperText="Edit drafts and publish to pending"
              disabled={!granter || !canSetAccess(granter, 'promoAccess')}
            />
            <FormSwitch
              control={control}
              name="junoAccess"
              label="Juno access"
              helperText="Deploy promotions to production"
              disabled={!granter || !canSetAccess(granter, 'junoAccess')}
            />
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            We email a link to choose a password. It works once, within {SET_PASSWORD_LINK_TTL_MS / 3_600_000}{' '}
            hours.
          </Typography>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onCancel} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              Create administrator
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
