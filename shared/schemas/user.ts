import * as z from 'zod';
import { msg } from '../messages.ts';
import { blankAsAbsent, idSchema, optionalText, requiredEmail, requiredText } from './common.ts';

export const userGroupSchema = z.object({ id: z.string(), group: z.string() });
export type UserGroup = z.output<typeof userGroupSchema>;

export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  userGroup: userGroupSchema,
  isActive: z.boolean(),
  /** Optimistic-locking version: send it back on update so no change is silently lost. */
  version: z.number().int(),
});
export type PublicUser = z.output<typeof publicUserSchema>;

const password = blankAsAbsent(z.string({ error: () => msg.validation.required }).min(8, msg.validation.min8).max(200, msg.validation.tooLong));
const optionalPassword = blankAsAbsent(z.string().min(8, msg.validation.min8).max(200, msg.validation.tooLong).optional());
const version = z.number().int().nonnegative().optional();

export const loginSchema = z.object({
  username: requiredText(1),
  password: z.string({ error: () => msg.validation.required }).min(1, msg.validation.required).max(200),
});

export const createUserSchema = z.object({
  username: requiredText(2, msg.validation.min2, 100),
  email: requiredEmail,
  firstname: requiredText(2, msg.validation.min2, 100),
  lastname: requiredText(2, msg.validation.min2, 100),
  password,
  userGroupId: blankAsAbsent(z.string({ error: () => msg.validation.required }).trim().min(1, msg.validation.required)),
  isActive: z.boolean().default(true),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** Admin edit: every field optional; a blank password keeps the old one (spec §5). */
export const adminUpdateUserSchema = z.object({
  username: requiredText(2, msg.validation.min2, 100).optional(),
  email: requiredEmail.optional(),
  firstname: requiredText(2, msg.validation.min2, 100).optional(),
  lastname: requiredText(2, msg.validation.min2, 100).optional(),
  password: optionalPassword,
  userGroupId: optionalText(64),
  isActive: z.boolean().optional(),
  version,
});
export type AdminUpdateUserInput = z.input<typeof adminUpdateUserSchema>;

/** Self edit: own contact fields and own password (the current one is required to change it). */
export const updateUserSchema = z.object({
  email: requiredEmail.optional(),
  firstname: requiredText(2, msg.validation.min2, 100).optional(),
  lastname: requiredText(2, msg.validation.min2, 100).optional(),
  currentPassword: optionalText(200),
  password: optionalPassword,
  version,
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const userIdParams = z.object({ id: idSchema });

/**
 * The account form (spec §5 "New password"). Client-side only: the server gets
 * `currentPassword` and `password` through `updateUserSchema`.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: blankAsAbsent(z.string({ error: () => msg.validation.required }).max(200, msg.validation.tooLong)),
    password,
    passwordConfirm: z.string().optional(),
  })
  .refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], error: msg.validation.passwordsDiffer });
