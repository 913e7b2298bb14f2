import type {
  CreateStaffUserRequest,
  StaffListQuery,
  StaffUser,
  UpdateStaffUserRequest,
} from '@domain/auth/administrators';
import { canGrantRole, canManageStaff, canSetAccess } from '@domain/auth/permissions';
import { normalizeRole } from '@domain/auth/roles';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { staffUsers } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { revokeAllSessions, type StaffPrincipal } from '../../platform/sessions';
import { containsPattern } from '../../platform/sql';
import { issuePasswordLink, MAX_LIVE_LINKS } from '../auth/password-links';

type Row = typeof staffUsers.$inferSelect;

export function toStaffUser(row: Row): StaffUser {
  return {
    id: row.id,
    directory: row.directory,
    name: row.name,
    email: row.email,
    role: normalizeRole(row.role) ?? 'agent',
    promoAccess: row.promoAccess,
    junoAccess: row.junoAccess,
    active: row.active,
    hasPassword: Boolean(row.passwordHash),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log shows of a staff user: never the password hash. */
const auditView = (row: Row) => {
  const { passwordHash: _hash, lastLoginAt: _login, updatedAt: _updated, ...rest } = row;
  return rest;
};

export async function listStaff(ctx: AppContext, query: StaffListQuery) {
  const where: SQL[] = [];
  if (query.q) {
    const like = containsPattern(query.q);
    where.push(sql`(lower(${staffUsers.name}) like ${like} or lower(${staffUsers.email}) like ${like})`);
  }
  if (query.role === 'leader') where.push(sql`${staffUsers.role} in ('leader', 'csLeader')`);
  else if (query.role) where.push(eq(staffUsers.role, query.role));
  if (query.directory) where.push(eq(staffUsers.directory, query.directory));
  if (query.status && query.status !== 'all') where.push(eq(staffUsers.active, query.status === 'active'));
  const rows = await ctx.db
    .select()
    .from(staffUsers)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(staffUsers.active), asc(sql`lower(${staffUsers.name})`))
    .limit(1000);
  return rows.map(toStaffUser);
}

async function load(tx: DbOrTx, id: string): Promise<Row> {
  const [row] = await tx.select().from(staffUsers).where(sql`${staffUsers.id}::text = ${id}`).limit(1);
  if (!row) throw notFound('No staff user with that id.');
  return row;
}

const ACCESS_FLAGS = ['promoAccess', 'junoAccess'] as const;
const OWN_ACCESS = 'You cannot change your own role or access.';
const ROLE_NOT_HELD = 'You cannot grant a role you do not hold.';
const ACCESS_NOT_HELD = (flag: string) => `You cannot grant or remove ${flag} without holding it.`;
const OUTRANKED = 'You cannot change a staff member who holds access you do not.';
const TOO_MANY_LINKS = (name: string) =>
  `${name} already has ${MAX_LIVE_LINKS} password links that are unused and unexpired. Ask them to use one, or send another once one expires.`;

/** What the granter may give: a role and flags they hold themselves (throws 403 otherwise). */
function assertMayGrant(
  staff: StaffPrincipal,
  grant: { role?: string | undefined; promoAccess?: boolean | undefined; junoAccess?: boolean | undefined },
  current?: Row,
) {
  const role = grant.role ? normalizeRole(grant.role) : null;
  if (role && role !== normalizeRole(current?.role) && !canGrantRole(staff, role))
    throw forbidden(ROLE_NOT_HELD);
  for (const flag of ACCESS_FLAGS) {
    const value = grant[flag];
    if (value === undefined || value === (current?.[flag] ?? false)) continue;
    if (!canSetAccess(staff, flag)) throw forbidden(ACCESS_NOT_HELD(flag));
  }
}

/** Someone else's account, whose role and access the granter holds all of (throws 403 otherwise). */
function assertMayManage(staff: StaffPrincipal, target: Row) {
  const role = normalizeRole(target.role);
  if (
    !role ||
    !canManageStaff(staff, { role, promoAccess: target.promoAccess, junoAccess: target.junoAccess })
  ) {
    throw forbidden(OUTRANKED);
  }
}

export async function createStaff(
  ctx: AppContext,
  staff: StaffPrincipal,
  input: CreateStaffUserRequest & { email: string },
) {
  assertMayGrant(staff, input);
  const created = await ctx.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(sql`lower(${staffUsers.email}) = ${input.email.toLowerCase()}`);
    if (taken) throw conflict('A staff user with that email already exists.');
    const [row] = await tx
      .insert(staffUsers)
      .values({
        name: input.name,
        email: input.email,
        role: input.role,
        directory: input.directory,
        promoAccess: input.promoAccess ?? false,
        junoAccess: input.junoAccess ?? false,
        createdBy: staff.id,
      })
      .returning();
    await issuePasswordLink(tx, row!, 'set', ctx.config.publicUrl);
    await recordChange(tx, {
      collection: 'staff-log',
      entityId: row!.id,
      action: 'staff.create',
      actor: actorOf(staff),
      after: auditView(row!),
    });
    return row!;
  });
  ctx.sessions.forgetUser(created.id);
  ctx.wakeOutbox();
  return toStaffUser(created);
}

export async function updateStaff(
  ctx: AppContext,
  staff: StaffPrincipal,
  id: string,
  patch: UpdateStaffUserRequest,
) {
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await load(tx, id);
    if (before.id === staff.id) {
      const changes =
        (patch.role !== undefined && patch.role !== normalizeRole(before.role)) ||
        ACCESS_FLAGS.some((flag) => patch[flag] !== undefined && patch[flag] !== before[flag]);
      if (changes) throw forbidden(OWN_ACCESS);
    } else {
      assertMayManage(staff, before);
      assertMayGrant(staff, patch, before);
    }
    const [after] = await tx
      .update(staffUsers)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(staffUsers.id, before.id))
      .returning();
    await recordChange(tx, {
      collection: 'staff-log',
      entityId: before.id,
      action: 'staff.update',
      actor: actorOf(staff),
      before: auditView(before),
      after: auditView(after!),
    });
    return toStaffUser(after!);
  });
  ctx.sessions.forgetUser(updated.id);
  return updated;
}

/** Deactivating ends every session of that user at once. */
export async function setActive(ctx: AppContext, staff: StaffPrincipal, id: string, active: boolean) {
  const changed = await ctx.db.transaction(async (tx) => {
    const before = await load(tx, id);
    if (!active && before.id === staff.id) throw badRequest('You cannot deactivate yourself.');
    if (before.id !== staff.id) assertMayManage(staff, before);
    const [after] = await tx
      .update(staffUsers)
      .set({ active, updatedAt: new Date() })
      .where(eq(staffUsers.id, before.id))
      .returning();
    if (!active) await revokeAllSessions(tx, before.id);
    await recordChange(tx, {
      collection: 'staff-log',
      entityId: before.id,
      action: active ? 'staff.activate' : 'staff.deactivate',
      actor: actorOf(staff),
      before: { active: before.active },
      after: { active },
    });
    return toStaffUser(after!);
  });
  ctx.sessions.forgetUser(changed.id);
  return changed;
}

export async function sendPasswordLink(ctx: AppContext, staff: StaffPrincipal, id: string): Promise<string> {
  await ctx.db.transaction(async (tx) => {
    const user = await load(tx, id);
    // The same rule as any other change to their account (ADR 017): a link to someone who holds
    // access the sender lacks is one step from taking that access over.
    if (user.id !== staff.id) assertMayManage(staff, user);
    if (!user.active) throw badRequest('This user is deactivated. Activate the user first.');
    const link = await issuePasswordLink(tx, user, user.passwordHash ? 'reset' : 'set', ctx.config.publicUrl);
    if (!link) throw conflict(TOO_MANY_LINKS(user.name));
    await recordChange(tx, {
      collection: 'staff-log',
      entityId: user.id,
      action: 'staff.passwordLink',
      actor: actorOf(staff),
      differences: [],
    });
  });
  ctx.wakeOutbox();
  return 'Password link sent';
}
