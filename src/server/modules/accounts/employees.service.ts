import {
  ACCOUNT_MESSAGES,
  employeeRecordMissing,
  notEmployeeAccount,
  serviceNotSupported,
} from '@domain/accounts/messages';
import { countryCode, USER_TYPE } from '@domain/reference/lists';
import { and, eq, sql } from 'drizzle-orm';
import { employeeServiceAccounts, staffUsers } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { revokeAllSessions, type StaffPrincipal } from '../../platform/sessions';
import { recordAccountEvent } from './account-change';
import { loadAccount } from './accounts.repo';

// Employee accounts (spec 1 §4 Employee accounts, §7 Employee offboarding): the employee's
// records in the two staff services — the BCCOM shop (`bccom`) and the support tool
// (`cs-users`) — looked up, and offboarded with the spec's messages.

export const EMPLOYEE_SERVICES = ['bccom', 'cs-users'] as const;
export type EmployeeService = (typeof EMPLOYEE_SERVICES)[number];
const SUPPORTED: Record<EmployeeService, readonly string[]> = {
  bccom: ['us', 'ca'],
  'cs-users': ['us', 'ca'],
};

type ServiceRow = typeof employeeServiceAccounts.$inferSelect;

async function employee(tx: DbOrTx, uid: string) {
  const account = await loadAccount(tx, uid);
  if (account.userType !== USER_TYPE.employee) throw badRequest(notEmployeeAccount(uid));
  return account;
}

async function serviceRecord(
  tx: DbOrTx,
  uid: string,
  service: EmployeeService,
  country: string,
): Promise<ServiceRow> {
  if (!SUPPORTED[service].includes(country)) throw badRequest(serviceNotSupported(service, country));
  const [row] = await tx
    .select()
    .from(employeeServiceAccounts)
    .where(
      and(
        eq(employeeServiceAccounts.accountUid, uid),
        eq(employeeServiceAccounts.service, service),
        eq(employeeServiceAccounts.country, country as 'us' | 'ca'),
      ),
    )
    .limit(1)
    .for('update');
  if (!row) throw notFound(employeeRecordMissing(uid, service));
  return row;
}

const view = (r: ServiceRow) => ({
  service: r.service,
  country: r.country,
  documentId: r.documentId,
  authDisabled: r.authDisabled,
  data: r.data,
  updatedAt: r.updatedAt.toISOString(),
});

/** The employee's records across both services; a missing one is named with the spec's message. */
export async function lookupEmployee(ctx: AppContext, uid: string, country?: string) {
  const account = await employee(ctx.db, uid);
  const where = country ?? countryCode(account.countryId);
  const rows = await ctx.db
    .select()
    .from(employeeServiceAccounts)
    .where(eq(employeeServiceAccounts.accountUid, uid));
  const problems: string[] = [];
  const data = [];
  for (const service of EMPLOYEE_SERVICES) {
    if (!SUPPORTED[service].includes(where)) {
      problems.push(serviceNotSupported(service, where));
      continue;
    }
    const row = rows.find((r) => r.service === service && r.country === where);
    if (row) data.push(view(row));
    else problems.push(employeeRecordMissing(uid, service));
  }
  return { data, problems };
}

/** Runs one offboarding step; an unexpected failure answers the step's own spec message. */
async function step<T>(ctx: AppContext, failure: string, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log.error({ err }, 'employee offboarding failed');
    throw new AppError(500, failure);
  }
}

/** `POST /api/auth/offboardBCCOMEmployeeAuth`: the employee can no longer sign in to the BCCOM shop. */
export async function disableEmployeeAuth(ctx: AppContext, staff: StaffPrincipal, uid: string) {
  return step(ctx, ACCOUNT_MESSAGES.authNotDisabled, async (tx) => {
    const account = await employee(tx, uid);
    const row = await serviceRecord(tx, uid, 'bccom', countryCode(account.countryId));
    await tx
      .update(employeeServiceAccounts)
      .set({ authDisabled: true, updatedAt: new Date() })
      .where(eq(employeeServiceAccounts.id, row.id));
    await recordAccountEvent(tx, staff, uid, 'employee.authDisabled', {
      before: { bccom: { authDisabled: row.authDisabled } },
      after: { bccom: { authDisabled: true } },
    });
  });
}

/** `POST /api/auth/offboardBCCOMEmployeeAccount`: the BCCOM user loses the employee discount and role. */
export async function modifyEmployeeAccount(ctx: AppContext, staff: StaffPrincipal, uid: string) {
  return step(ctx, ACCOUNT_MESSAGES.userNotModified, async (tx) => {
    const account = await employee(tx, uid);
    const row = await serviceRecord(tx, uid, 'bccom', countryCode(account.countryId));
    const { employeeDiscount: _discount, ...rest } = row.data;
    const data = {
      ...rest,
      employee: false,
      offboardedAt: new Date().toISOString(),
      offboardedBy: staff.email,
    };
    await tx
      .update(employeeServiceAccounts)
      .set({ data, updatedAt: new Date() })
      .where(eq(employeeServiceAccounts.id, row.id));
    await recordAccountEvent(tx, staff, uid, 'employee.accountModified', {
      before: { bccom: row.data },
      after: { bccom: data },
    });
  });
}

/** `POST /api/auth/removeCSUser`: the support-tool record goes, and a cs-users staff login with it. */
export async function removeCsUser(ctx: AppContext, staff: StaffPrincipal, uid: string) {
  const revoked = await step(ctx, ACCOUNT_MESSAGES.csUserNotDeleted, async (tx) => {
    const account = await employee(tx, uid);
    const row = await serviceRecord(tx, uid, 'cs-users', countryCode(account.countryId));
    await tx.delete(employeeServiceAccounts).where(eq(employeeServiceAccounts.id, row.id));
    let staffUserId: string | null = null;
    if (account.email) {
      const [user] = await tx
        .update(staffUsers)
        .set({ active: false, updatedAt: new Date() })
        .where(
          and(
            eq(staffUsers.directory, 'cs-users'),
            sql`lower(${staffUsers.email}) = ${account.email.toLowerCase()}`,
          ),
        )
        .returning({ id: staffUsers.id });
      if (user) {
        await revokeAllSessions(tx, user.id);
        staffUserId = user.id;
      }
    }
    await recordAccountEvent(tx, staff, uid, 'employee.csUserRemoved', {
      before: { 'cs-users': row.data },
      after: {},
    });
    return staffUserId;
  });
  if (revoked) ctx.sessions.forgetUser(revoked);
}
