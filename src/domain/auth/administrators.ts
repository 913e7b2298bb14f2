import { ok } from '@domain/platform/envelope';
import { z } from 'zod';
import { emailSchema } from './contracts';
import { STAFF_DIRECTORIES, STAFF_ROLES } from './roles';

// Administrators screen contracts (/administrators, /administrators/create).

export const StaffUser = z.object({
  id: z.string(),
  directory: z.enum(STAFF_DIRECTORIES),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  promoAccess: z.boolean(),
  junoAccess: z.boolean(),
  active: z.boolean(),
  hasPassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffUser = z.infer<typeof StaffUser>;

/** The screen's answers, checked in the browser in development only (ADR 043). */
export const StaffListAnswer = ok(z.array(StaffUser));
export const StaffUserAnswer = ok(StaffUser);
export const CreatedStaffUserAnswer = z.object({
  success: z.literal(true),
  data: StaffUser,
  message: z.string(),
});

export const StaffListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  directory: z.enum(STAFF_DIRECTORIES).optional(),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});
export type StaffListQuery = z.input<typeof StaffListQuery>;

export const CreateStaffUserRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name can not exceed 80 characters'),
  email: emailSchema,
  role: z.enum(STAFF_ROLES),
  directory: z.enum(STAFF_DIRECTORIES),
  promoAccess: z.boolean().default(false),
  junoAccess: z.boolean().default(false),
});
export type CreateStaffUserRequest = z.input<typeof CreateStaffUserRequest>;

export const UpdateStaffUserRequest = z
  .object({
    role: z.enum(STAFF_ROLES).optional(),
    promoAccess: z.boolean().optional(),
    junoAccess: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateStaffUserRequest = z.infer<typeof UpdateStaffUserRequest>;

/** The answer to creating a staff user: what happened and what comes next. */
export const staffCreatedMessage = (name: string) =>
  `Administrator ${name} created; a set-password email is on its way`;
