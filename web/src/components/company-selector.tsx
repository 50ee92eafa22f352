import { msg } from '../../../shared/messages.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { isAdmin } from '../session.ts';
import { showInfo } from '../toast.tsx';
import { selectCompany, useCompanyStore } from '../state/company-store.ts';

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

/** Sidebar part of spec §2: a company choice for users with several companies; admins may copy the id. */
export function CompanySelector({ user }: { user: PublicUser }) {
  const { companies, selectedId } = useCompanyStore();
  if (!companies?.length) return null;
  const admin = isAdmin(user);
  if (companies.length < 2 && !admin) return null;
  return (
    <div className="company-selector">
      {companies.length > 1 && (
        <label>
          <span className="section">{t.selector}</span>
          <select value={selectedId ?? ''} onChange={(e) => void selectCompany(e.target.value || null)}>
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
