import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { vcardCompanyGet } from '../../../../shared/api/routes/vcard.ts';
import type { VcardCompany } from '../../../../shared/schemas/vcard-company.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { paths, pathTo } from '../../paths.ts';
import { need } from '../../data.tsx';

const t = msg.vcard.ui;
const shown = ['org', 'firmenname', 'claim', 'straße', 'plz', 'ort', 'bundesland', 'land', 'url', 'color', 'class', 'impressum', 'datenschutz', 'notes'] as const;

export async function loader({ params }: LoaderFunctionArgs): Promise<{ company: VcardCompany }> {
  return { company: await need(call(vcardCompanyGet, { params: { id: params.companyId ?? '' } })) };
}

/** `/vcard/company/details/:companyId`: the company's data, read only, with links onward. */
export function VcardCompanyDetails() {
  const { company } = useLoaderData<typeof loader>();
  return (
    <section className="card stack">
      <h1>{t.companyDetails}</h1>
      <dl className="details">
        {shown.map((k) => company[k] && (
          <div key={k}><dt>{t.fields[k]}</dt><dd>{company[k]}</dd></div>
        ))}
        {company.social.map((s) => <div key={s.type}><dt>{s.type}</dt><dd>{s.link}</dd></div>)}
        <div><dt>{t.personsOf}</dt><dd>{company.personCount}</dd></div>
      </dl>
      <div className="form-actions">
        <Link className="btn" to={pathTo(paths.vcardCompanyEdit, { id: company.id })}>{t.edit}</Link>
        <Link className="btn" to={pathTo(paths.vcardCompanySettings, { userId: company.id })}>{t.settings}</Link>
        <Link className="btn" to={`${paths.vcardPersons}?companyId=${encodeURIComponent(company.id)}`}>{t.personsOf}</Link>
        <Link className="btn" to={paths.vcardCompanies}>{t.back}</Link>
      </div>
    </section>
  );
}
