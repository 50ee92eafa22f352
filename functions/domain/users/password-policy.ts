import { ValidationError } from '../../lib/errors.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';

/** What an attacker may know about the account: refused as (parts of) its password. */
export interface PasswordOwner {
  username: string;
  email: string;
  firstname: string;
  lastname: string;
}

/**
 * The German reason a password breaks the rules (shared/password/rules.ts), or undefined. The
 * estimate and its dictionaries load on first use only (dynamic import): routes that never set
 * or check a password do not pay for them.
 */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | undefined> {
  const { passwordStrength } = await import('../../../shared/password/strength.ts');
  return passwordStrength(password, [owner.username, owner.email, owner.firstname, owner.lastname], owner).problem;
}

/** For the writes that set a password: a weak one is a 400 on `password`, nothing is written. */
export async function requireStrongPassword(password: string, owner: PasswordOwner): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw new ValidationError(msg.errors.invalidInput, { password: problem });
}
