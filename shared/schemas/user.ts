import * as z from 'zod';
import { msg } from '../messages.ts';
import { blankAsAbsent, idSchema, optionalText, requiredEmail, requiredText, safeString, usernameSchema } from './common.ts';

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

// Passwords keep their spaces and are compared as typed, but NFC-normalised like every text
// (the same password typed on two keyboards is one password) and free of control characters.
const passwordText = () => safeString({ max: 200, keepSpace: true, error: { error: () => msg.validation.required } });
const password = blankAsAbsent(passwordText().min(8, msg.validation.min8));
const optionalPassword = blankAsAbsent(passwordText().min(8, msg.validation.min8).optional());
const version = z.number().int().nonnegative().optional();

export const loginSchema = z.object({
  // Sign-in looks the name up as typed; the charset rule applies where accounts are named.
  username: requiredText(1),
  password: passwordText().min(1, msg.validation.required),
  /** The browser's device id from its last sign-in (functions/domain/auth/throttle.ts); optional. */
  device: blankAsAbsent(safeString({ max: 64 }).regex(/^[A-Za-z0-9_-]+$/, msg.validation.invalidFormat).optional()).optional(),
});

export const createUserSchema = z.object({
  username: usernameSchema(),
  email: requiredEmail,
  firstname: requiredText(2, msg.validation.min2, 100),
  lastname: requiredText(2, msg.validation.min2, 100),
  password,
  userGroupId: blankAsAbsent(idSchema),
  isActive: z.boolean().default(true),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** Admin edit: every field optional; a blank password keeps the old one (spec §5). */
export const adminUpdateUserSchema = z.object({
  username: usernameSchema().optional(),
  email: requiredEmail.optional(),
  firstname: requiredText(2, msg.validation.min2, 100).optional(),
  lastname: requiredText(2, msg.validation.min2, 100).optional(),
  password: optionalPassword,
  userGroupId: blankAsAbsent(idSchema.optional()),
  isActive: z.boolean().optional(),
  version,
});
export type AdminUpdateUserInput = z.input<typeof adminUpdateUserSchema>;

/** Self edit: own contact fields and own password (the current one is required to change it). */
export const updateUserSchema = z.object({
  email: requiredEmail.optional(),
  firstname: requiredText(2, msg.validation.min2, 100).optional(),
  lastname: requiredText(2, msg.validation.min2, 100).optional(),
  currentPassword: blankAsAbsent(passwordText().optional()),
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
    currentPassword: blankAsAbsent(passwordText()),
    password,
    passwordConfirm: z.string().max(200).optional(),
  })
  .refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], error: msg.validation.passwordsDiffer });
