import * as z from 'zod';
import { msg } from '../messages.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../password/rules.ts';
import { blankAsAbsent, idSchema, optionalText, requiredEmail, requiredText, safeString, usernameSchema } from './common.ts';

export const userGroupSchema = z.object({ id: z.string(), group: z.string() });
export type UserGroup = z.output<typeof userGroupSchema>;

/** The companies a user is assigned to (user form): at most this many in one save (one transaction). */
export const MAX_USER_COMPANIES = 40;
const companyIds = z.array(idSchema).max(MAX_USER_COMPANIES, msg.users.tooManyCompanies(MAX_USER_COMPANIES))
  .refine((ids) => new Set(ids).size === ids.length, msg.users.companyTwice);

export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  userGroup: userGroupSchema,
  isActive: z.boolean(),
  /** The companies the user is assigned to (what the company list's users show from the other side). */
  companyIds: z.array(z.string()),
  /** Optimistic-locking version: send it back on update so no change is silently lost. */
  version: z.number().int(),
  /**
   * The password met the rules of its day but not today's (12 characters, not guessable): noticed
   * at sign-in; the back office asks for a new one until it is changed (issue 19).
   */
  passwordOutdated: z.boolean().optional(),
});
export type PublicUser = z.output<typeof publicUserSchema>;

// Passwords keep their spaces and are compared as typed, but NFC-normalised like every text
// (the same password typed on two keyboards is one password) and free of control characters.
const passwordText = () => safeString({ max: MAX_PASSWORD_LENGTH, keepSpace: true, error: { error: () => msg.validation.required } });
// New passwords: at least 12 characters (ASVS L2; the spec's 8 is raised, docs/decisions.md). How
// guessable they are is checked on the server when one is set (functions/domain/users/password-policy.ts).
const password = blankAsAbsent(passwordText().min(MIN_PASSWORD_LENGTH, msg.validation.passwordMin));
const optionalPassword = blankAsAbsent(passwordText().min(MIN_PASSWORD_LENGTH, msg.validation.passwordMin).optional());
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
  /** Companies the new user works for, assigned in the same write (issue 24: the user form). */
  companyIds: companyIds.default([]),
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
  /** When sent: the complete new assignment (companies joined and left in the same write). */
  companyIds: companyIds.optional(),
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

/** The account screen's e-mail form. Client-side only: the server gets `email` and `currentPassword` through `updateUserSchema`. */
export const changeEmailSchema = z.object({
  email: requiredEmail,
  currentPassword: passwordText().min(1, msg.validation.required),
});

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
