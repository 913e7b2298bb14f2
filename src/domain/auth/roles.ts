// Staff roles (spec 1 §6, DESIGN §4). `csLeader` is the second leader value the session accepts.

export const STAFF_ROLES = ['agent', 'leader', 'developer', 'fraudAgent', 'salesOperatorManager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  agent: 'Agent',
  leader: 'Leader',
  developer: 'Developer',
  fraudAgent: 'Fraud Agent',
  salesOperatorManager: 'Sales Operator Manager',
};

export const STAFF_DIRECTORIES = ['users', 'cs-users'] as const;
export type StaffDirectory = (typeof STAFF_DIRECTORIES)[number];

/** Maps a stored role name to a role; the two leader values both mean leader. */
export function normalizeRole(roleName: string | null | undefined): StaffRole | null {
  if (roleName === 'csLeader') return 'leader';
  return (STAFF_ROLES as readonly string[]).includes(roleName ?? '') ? (roleName as StaffRole) : null;
}
