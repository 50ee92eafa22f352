import { msg } from '../../../shared/messages.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { isAdmin } from '../session.ts';
import { showInfo } from '../toast.tsx';
import { useCompanyStore } from '../state/company-store.ts';
import { setSelectedCompanyId } from '../state/selection.ts';

const t = msg.company;

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without clipboard permission (e.g. plain http on another host) the old way still works.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/**
 * Sidebar part of spec §2: the company the screens work on, by its full name (also with only one),
 * a choice for users with several companies, and for admins the id to copy.
 */
export function CompanySelector({ user }: { user: PublicUser }) {
  const { companies, selectedId } = useCompanyStore();
  const selected = companies?.find((c) => c.id === selectedId);
  if (!companies?.length || !selected) return null;
  const admin = isAdmin(user);
  return (
    <div className="company-selector">
      <span className="section">{t.current}</span>
      {/* The whole name, wrapped: a select would cut a long one off. */}
      <strong className="company-current" data-testid="current-company">{selected.org}</strong>
      {companies.length > 1 && (
        <label>
          <span className="visually-hidden">{t.selector}</span>
          <select value={selectedId ?? ''} onChange={(e) => setSelectedCompanyId(e.target.value || null)}>
            {companies.map((c) => <option key={c.id} value={c.id}>{c.org}</option>)}
          </select>
        </label>
      )}
      {admin && selectedId && (
        <button type="button" className="btn-link copy-id" title={selectedId}
          onClick={() => void copyText(selectedId).then(() => showInfo(t.copied))}>
          {t.copyId}
        </button>
      )}
    </div>
  );
}
