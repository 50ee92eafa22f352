// Named routes of spec §2. Screens link by name, never by a hand-written path.
export const paths = {
  home: '/',
  /** Where the company's provider sends the browser back (functions/domain/sso/sso-config.ts SSO_RETURN_PATH). */
  ssoReturn: '/anmelden/firmenkonto',
  theCard: '/c/:id',
  qr: '/qr/:id/:signature',
  vcardWallet: '/card/wallet/:id',
  account: '/v2/account',
  adminUsers: '/v2/admin/user',
  adminUserAdd: '/v2/admin/user/add',
  adminUserEdit: '/v2/admin/user/edit/:userId',
  adminCompanies: '/v2/admin/company',
  adminCompanyAdd: '/v2/admin/company/add',
  adminCompanyEdit: '/v2/admin/company/edit/:companyId',
  /** The company's sign-in through its own provider (issue 26, admins). */
  adminCompanySso: '/v2/admin/company/edit/:companyId/firmenkonto',
  adminCredits: '/v2/admin/credit',
  adminCreditDetail: '/v2/admin/credit/detail/:companyId',
  adminStatistics: '/v2/admin/statistik',
  adminSystemStatus: '/v2/admin/systemstatus',
  cardCompany: '/v2/card/company',
  cardCompanyEdit: '/v2/card/company/edit',
  /** The selected company's directory sync (SCIM, issue 26). */
  cardCompanyDirectory: '/v2/card/company/verzeichnis',
  visitenkarteOverview: '/v2/card/visitenkarte',
  visitenkarteAdd: '/v2/card/visitenkarte/add',
  visitenkarteEdit: '/v2/card/visitenkarte/edit/:id',
  profileOverview: '/v2/card/profil',
  profileAdd: '/v2/card/profil/add',
  profileEdit: '/v2/card/profil/edit/:id',
  statistikOverview: '/v2/card/statistik',
  /** The audit log (issue 27): company users their selected company's, admins all. `?objekt=&person=&von=&bis=` filter. */
  auditLog: '/v2/card/protokoll',
  /** Not in the spec's route table: one card's figures inside the V2 layout (the statistics overview links here). */
  statistikPerson: '/v2/card/statistik/:id',
  contacts: '/v2/card/kontakte',
  personStatistic: '/vcard/person/statistic/:id',
  companyLegacy: '/company',
  userLegacy: '/user',
  userLegacyAdd: '/user/add',
  /** Not in the spec's route table: editing from the legacy list stays in the legacy layout (docs/decisions.md). */
  userLegacyEdit: '/user/edit/:userId',
  vcardCompanies: '/vcard/company',
  vcardCompanyAdd: '/vcard/company/add',
  vcardCompanyDetails: '/vcard/company/details/:companyId',
  vcardCompanyEdit: '/vcard/company/edit/:id',
  vcardCompanySettings: '/vcard/company/settings/:userId',
  vcardPersons: '/vcard/person',
  vcardPersonAdd: '/vcard/person/add',
  vcardPersonEdit: '/vcard/person/edit/:id',
  vcardTest: '/vcard/test/:id',
  tools: '/tools',
  toolsJsonErstellen: '/tools/json-erstellen',
  toolsKonvertieren: '/tools/konvertieren',
  companyLegacyAdd: '/company/add',
  companyLegacyEdit: '/company/edit/:companyId',
  /** Not in the spec's route table: the legacy company form's profile tab edits in the legacy layout (docs/decisions.md). */
  companyLegacyProfileEdit: '/company/edit/:companyId/profil/:id',
} as const;

/** The login's query parameter naming the page to go on to after signing in. */
export const NEXT_PARAM = 'weiter';

/** Where to go after signing in: the page asked for when it is one of ours, else the cards (spec §2). */
export function afterLogin(search: string): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  // Only a path on this site: `//host` or `/\host` would lead elsewhere.
  return next && /^\/(?![/\\])/.test(next) ? next : paths.visitenkarteOverview;
}

export function pathTo(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
}
