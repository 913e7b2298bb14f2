import type { LoginRequest } from '@domain/auth/contracts';

// The sign-in form's check against the shared contract (its messages word for word): zod comes
// with the contract, loaded when the staff member starts typing, not with the page (ADR 035).

export type Field = keyof LoginRequest;
export type Values = Record<Field, string>;
export type Errors = Partial<Record<Field, string>>;

let contract: Promise<typeof LoginRequest> | undefined;
export const loadContract = () => {
  contract ??= import('@domain/auth/contracts').then((m) => m.LoginRequest);
  contract.catch(() => {
    contract = undefined;
  });
  return contract;
};

type Checked = { data: LoginRequest; errors?: undefined } | { data?: undefined; errors: Errors };

export async function check(values: Values): Promise<Checked> {
  let schema: typeof LoginRequest;
  try {
    schema = await loadContract();
  } catch {
    // Without the contract the server still checks, and its answer shows above the form.
    return { data: values };
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { errors };
}
