import { msg } from '../../../../shared/messages.ts';
import { useCompanyStore } from '../../state/company-store.ts';

/**
 * Says what activating a card costs before it happens (card form and overview), from the
 * selected company's balance. `willActivate`: the next save switches a card on, so a balance
 * too small is pointed out in red.
 */
export function ActivationCost({ willActivate = false }: { willActivate?: boolean }) {
  const { credit } = useCompanyStore();
  if (!credit) return null;
  const short = willActivate && credit.credits < credit.activationCost;
  return (
    <p className={short ? 'alert alert-danger' : 'field-hint muted'} data-testid="activation-cost">
      {msg.credit.activationCost(credit.activationCost, credit.credits)}
      {short ? ` ${msg.credit.activationShort}` : ''}
    </p>
  );
}
