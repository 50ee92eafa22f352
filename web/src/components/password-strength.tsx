import { useEffect, useState } from 'react';
import { msg } from '../../../shared/messages.ts';
import type { PasswordStrength as Strength } from '../../../shared/password/strength.ts';
import { MIN_PASSWORD_LENGTH } from '../../../shared/password/rules.ts';

const t = msg.users.strength;

/** Who the password is for: their name and address are refused in it (as on the server). */
export interface PasswordOwner {
  username?: string;
  email?: string;
  firstname?: string;
  lastname?: string;
}

/**
 * The strength of a new password as it is typed, with the server's own rules and estimate
 * (shared/password/strength.ts). The estimate and its dictionaries load on first input as a
 * chunk of their own: back office only, never on the public pages.
 */
export function usePasswordStrength(password: string, owner: PasswordOwner): Strength | null {
  const [result, setResult] = useState<Strength | null>(null);
  const { username = '', email = '', firstname = '', lastname = '' } = owner;
  useEffect(() => {
    if (!password) {
      setResult(null);
      return undefined;
    }
    let current = true;
    void import('../../../shared/password/strength.ts').then(({ passwordStrength }) => {
      if (current) setResult(passwordStrength(password, [username, email, firstname, lastname], { username, email }));
    });
    return () => { current = false; };
  }, [password, username, email, firstname, lastname]);
  return result;
}

/** Meter and German advice under a new-password field; `id` for the field's aria-describedby. */
export function PasswordStrength({ id, password, owner }: { id: string; password: string; owner: PasswordOwner }) {
  const strength = usePasswordStrength(password, owner);
  const short = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;
  return (
    <div id={id} className="password-strength" aria-live="polite">
      {short ? (
        <span>{t.label}: {t.tooShort(password.length, MIN_PASSWORD_LENGTH)}</span>
      ) : strength ? (
        <>
          {/* The text says the same: the meter is for the eye only. */}
          <meter min={0} max={4} low={2} high={3} optimum={4} value={strength.score} aria-hidden="true" />
          <span>{t.label}: {t.levels[strength.score]}. {strength.problem ?? t.ok}</span>
        </>
      ) : (
        <span className="muted">{t.rules}</span>
      )}
    </div>
  );
}
