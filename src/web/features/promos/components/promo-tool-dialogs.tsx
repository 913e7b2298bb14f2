import { pacificLabel } from '@domain/promos/pacific-time';
import type { PromoRuleRecord } from '@domain/promos/tool';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { errorMessage } from '@web/lib/api-client';
import { useState } from 'react';
import { useDeployRule } from '../api/promos';

/** The delayed-deploy switch asks first (spec 3 §4: a confirm toggle); `turnOn` is the state it would take. */
export function DelayedDeployDialog({
  turnOn,
  publishAt,
  onClose,
  onConfirm,
}: {
  turnOn: boolean | null;
  publishAt: number | null;
  onClose: () => void;
  onConfirm: (on: boolean) => void;
}) {
  return (
    <ConfirmDialog
      open={turnOn !== null}
      title={turnOn ? 'Turn on delayed deploy?' : 'Turn off delayed deploy?'}
      confirmLabel={turnOn ? 'Turn on' : 'Turn off'}
      onClose={onClose}
      onConfirm={() => onConfirm(Boolean(turnOn))}
    >
      {turnOn
        ? 'The rule is deployed to production at the publish date you set, as it is when you save it: later changes go live only if the deploy is re-scheduled.'
        : `The publish date${publishAt !== null ? ` (${pacificLabel(publishAt)})` : ''} is cleared: the rule is no longer deployed at a set time.`}
    </ConfirmDialog>
  );
}

/** Deploys the rule being edited to production, and to active switched on when asked (spec 3 §4). */
export function DeployDialog({
  open,
  rule,
  onClose,
}: {
  open: boolean;
  rule: PromoRuleRecord | undefined;
  onClose: () => void;
}) {
  const deploy = useDeployRule();
  const alert = useAlert();
  const [deployActive, setDeployActive] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      title={`Deploy ${rule?.name ?? ''} to production?`}
      confirmLabel={deployActive ? 'Deploy and set active' : 'Deploy'}
      pending={deploy.isPending}
      onClose={onClose}
      onConfirm={() =>
        rule &&
        deploy.mutate(
          {
            collection: rule.collection as 'drafts' | 'pending' | 'active',
            rule: { name: rule.name },
            active: deployActive,
          },
          {
            onSuccess: (answer) => {
              alert.success(answer.message);
              onClose();
            },
            onError: (error) => {
              alert.error(errorMessage(error, 'The rule could not be deployed.'));
              onClose();
            },
          },
        )
      }
    >
      The rule replaces the production rule of the same name.{' '}
      {deployActive
        ? 'It is also put in the active collection switched on: carts price with it at once.'
        : 'Carts price with the active rules only: switch on "Also set active" to have them price with it now, or set it active later.'}
      <FormControlLabel
        sx={{ display: 'flex', mt: 1 }}
        control={<Switch checked={deployActive} onChange={(e) => setDeployActive(e.target.checked)} />}
        label="Also set active"
      />
    </ConfirmDialog>
  );
}
