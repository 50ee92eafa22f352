import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { companyList } from '../../../../shared/api/routes/company.ts';
import { profileList } from '../../../../shared/api/routes/profile.ts';
import { vcardCompanyList } from '../../../../shared/api/routes/vcard.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { need } from '../../data.tsx';
import { COMPANY_PARAM, ImportSection } from './import-section.tsx';
import { LegacySection } from './legacy-section.tsx';
import type { Option } from './result-lines.tsx';

const t = msg.tools.ui;

/**
 * `/tools/konvertieren`: the companies and legacy companies, and the profiles of the company
 * chosen for the import (`?unternehmen=`; choosing another re-runs this loader).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<{ companies: Option[]; legacyCompanies: Option[]; profiles: Option[] | null }> {
  const companyId = new URL(request.url).searchParams.get(COMPANY_PARAM);
  const [companies, legacy, profiles] = await Promise.all([
    need(call(companyList)),
    need(call(vcardCompanyList)),
    companyId ? need(call(profileList, { params: { companyId } })) : null,
  ]);
  return {
    companies: companies.map((c) => ({ id: c.id, label: c.org })),
    legacyCompanies: legacy.map((c) => ({ id: c.id, label: c.org })),
    profiles: profiles?.map((p) => ({ id: p.id, label: p.profilname })) ?? null,
  };
}

/** `/tools/konvertieren`: JSON import and the legacy conversion. */
export function ConvertPage() {
  const { companies, legacyCompanies, profiles } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.convert}</h1>
        <span className="spacer" />
        <Link className="btn" to={paths.tools}>{t.back}</Link>
      </div>
      <ImportSection companies={companies} profiles={profiles} />
      <LegacySection companies={companies} legacyCompanies={legacyCompanies} />
    </div>
  );
}
