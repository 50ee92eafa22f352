// Password rules (OWASP ASVS 4 level 2, V2.1): at least 12 characters, at most 200 (passphrases
// welcome, spaces kept), no composition rules; common and guessable passwords are refused by a
// strength estimate (./strength.ts, loaded only where a password is set or checked).

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;
/**
 * zxcvbn score a new password needs (0-4): 3 means about 10^8 guesses or more, "safely
 * unguessable" against online attacks and slowed offline ones (our hashes are scrypt).
 */
export const MIN_PASSWORD_SCORE = 3;
/**
 * Raise when the rules above change: a user's password found fine (or not) under an older
 * version is checked again at the next sign-in (functions/domain/auth/sign-in.ts).
 */
export const PASSWORD_RULES_VERSION = 1;
