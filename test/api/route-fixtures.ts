/**
 * ONE FIXTURE PER API ROUTE — read by the route-table tests (`test/api/route-authz*.test.ts` and
 * `test/api/route-bad-input*.test.ts`). They walk `routeList` from `shared/api/routes.ts` and
 * FAIL BY NAME for every route that has no entry here, so a new route cannot slip past.
 *
 * HOW TO ADD YOUR ROUTE (one entry in `routeFixtures`, keyed by the route's `name`):
 *
 *   myRoute: {
 *     // Builds a VALID call against the objects of tenant `t` (a company with one assigned user,
 *     // a profile with an address, a card and an uploaded image). Return params / query / body
 *     // (JSON) or `multipart` (parts). Must be valid for the admin: the admin run expects success.
 *     call: async (c, t) => ({ params: { id: t.company.id }, body: { ... } }),
 *     // What a signed-in user of ANOTHER company gets when making exactly that call:
 *     //   'denied'   403 or 404, and the answer holds none of t's data
 *     //   'filtered' 200, but the answer holds none of t's data (lists, "who am I")
 *     //   'public'   the route is public: 200 for anyone (anonymous too)
 *     foreign: 'denied',
 *   },
 *
 * Rules for `call`:
 * - Writes that change or delete something must work on FRESH objects of t's company
 *   (`c.newProfile(t)`, `c.newPerson(t)`, `c.newCompany(t)`, `c.newUser()`), never on `t.company`,
 *   `t.profile`, `t.person`, `t.user` themselves: those are shared by every route's run.
 *   Return `state` then: it reads what the call would change (as admin, through the API), and the
 *   harness proves it is the same before and after every refused call.
 * - Routes that end the caller's sessions set `ownCallers: true`: the harness then makes a fresh
 *   foreign user and a fresh admin account for that route.
 * - `admin` is the status the admin expects (default 200). `anonymous` defaults to 401 for
 *   non-public routes and 200 for public ones.
 * - `badInputs` (optional): extra requests that must be refused with a German 4xx (e.g. a
 *   tampered cursor). Bodies of write routes are mutated by the bad-input harness automatically
 *   (wrong types, null, arrays, control characters, huge and deep bodies, `__proto__`, content types),
 *   and so are path parameters and query values (control characters, 3,000-character values).
 *   Creating routes should return `state` reading the list the object would appear in, so the
 *   harness proves a refused create created nothing. `nullable` names top-level body keys that
 *   accept `null`.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import type { BodyOf, CallRest } from '../helpers/api-client.ts';
import type { RouteName, Routes } from '../../shared/api/routes.ts';
import { uniqueName } from '../helpers/server.ts';
import { createCompany, createProfile, createUserToken, uploadImage } from '../helpers/card-fixtures.ts';
import { makePng } from '../helpers/images.ts';
import { vcardRouteFixtures } from './route-fixtures-vcard.ts';
import { toolsRouteFixtures } from './route-fixtures-tools.ts';

export interface Part { name: string; filename?: string; contentType?: string; data: Buffer | string }

export interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** JSON body (sent as application/json). */
  body?: unknown;
  /** multipart/form-data parts instead of a JSON body. */
  multipart?: Part[];
  /** Reads (as admin) what the call would change; compared before and after refused calls. */
  state?: () => Promise<unknown>;
}

export interface Tenant {
  user: { id: string; token: string; username: string; password: string };
  company: { id: string; org: string };
  profile: { id: string; adressen: { adresseId: string }[] };
  person: { id: string };
  /** An image uploaded for the company (file name as the upload route returned it). */
  upload: string;
  /** Unique text in the tenant's names: an answer containing it leaks the tenant's data. */
  marker: string;
}

export interface FixtureContext {
  s: TestServer;
  adminToken: () => Promise<string>;
  /** A GET route as admin, by the contract (`c.read('userGet', { params: { id } })`); `{ status, body }`. */
  read: <N extends RouteName>(name: N, ...rest: CallRest<Routes[N]>) => Promise<{ status: number; body: unknown }>;
  newCompany: (t: Tenant) => Promise<{ id: string; org: string }>;
  newProfile: (t: Tenant) => Promise<{ id: string }>;
  newPerson: (t: Tenant) => Promise<{ id: string }>;
  newUser: () => Promise<{ id: string; token: string; username: string; password: string }>;
}

export type ForeignOutcome = 'denied' | 'filtered' | 'public';

export interface RouteFixture {
  call: (c: FixtureContext, t: Tenant) => Promise<Call> | Call;
  foreign: ForeignOutcome;
  admin?: number;
  anonymous?: number;
  ownCallers?: boolean;
  /**
   * A link visitors open in the browser (the wallet QR codes): every failure, bad input included,
   * answers 303 to the web page that explains it, never a JSON error. The harnesses then expect
   * that redirect where they would expect a 4xx or 503.
   */
  visitorLink?: boolean;
  /**
   * A page visitors open (the public card page `/c/{id}`): every failure, bad input included,
   * answers the one not-found page (404, HTML), never a JSON error.
   */
  page?: boolean;
  badInputs?: (c: FixtureContext, t: Tenant) => Promise<Call[]> | Call[];
  /** Top-level body keys that legitimately accept `null` (the bad-input harness then does not send null there). */
  nullable?: string[];
}

const person = (t: Tenant, extra: Partial<BodyOf<'personCreate'>> & Record<string, unknown> = {}): BodyOf<'personCreate'> => ({
  companyProfilId: t.profile.id,
  firstname: `Vor${t.marker}`,
  lastname: `Nach${t.marker}`,
  tel: [{ type: 'work', value: '+49 30 1234567' }],
  email: [{ type: 'work1', value: 'karte@beispiel.de' }],
  social: [{ type: 'xing', link: 'https://www.xing.com/profile/x' }],
  ...extra,
});

/** What a call changes, read back as admin (a `state` of a Call). */
const readPath = <N extends RouteName>(c: FixtureContext, name: N, ...rest: CallRest<Routes[N]>) => async () => c.read(name, ...rest);

/** A card's public wallet link parameters, with the signature the server gives its company. */
const walletSigned = async (c: FixtureContext, t: Tenant): Promise<Call> => {
  const res = await c.read('walletSignature', { params: { userId: t.person.id } });
  return { params: { id: t.person.id, signature: (res.body as { signature: string }).signature } };
};

export const routeFixtures: Record<string, RouteFixture> = {
  // --- system ---
  health: { call: () => ({}), foreign: 'public' },
  systemStatus: { call: () => ({}), foreign: 'denied' },

  // --- auth ---
  authLogin: {
    call: async (c) => {
      const u = await c.newUser();
      return { body: { username: u.username, password: u.password } };
    },
    foreign: 'public',
  },
  authSession: { call: () => ({}), foreign: 'filtered' },
  authLogout: { call: () => ({}), foreign: 'filtered', ownCallers: true },

  // --- directory sync (SCIM 2.0): the protocol routes authenticate with a company's SCIM token, which
  // no caller of the matrix has (a session token is refused like none: 401 in SCIM's error schema);
  // the SCIM sequences with real tokens, bad bodies and tenant separation are in test/api/scim.test.ts.
  scimServiceProviderConfig: { call: () => ({}), foreign: 'public' },
  scimResourceTypes: { call: () => ({}), foreign: 'public' },
  scimResourceType: { call: () => ({ params: { id: 'User' } }), foreign: 'public' },
  scimSchemas: { call: () => ({}), foreign: 'public' },
  scimSchema: { call: () => ({ params: { id: 'urn:ietf:params:scim:schemas:core:2.0:User' } }), foreign: 'public' },
  scimUserList: { call: () => ({}), foreign: 'public', anonymous: 401, admin: 401 },
  scimUserCreate: { call: () => ({ body: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'neu@beispiel.de' } }), foreign: 'public', anonymous: 401, admin: 401 },
  scimUserGet: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'public', anonymous: 401, admin: 401 },
  scimUserReplace: { call: (_c, t) => ({ params: { id: t.person.id }, body: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'x@beispiel.de' } }), foreign: 'public', anonymous: 401, admin: 401 },
  scimUserPatch: { call: (_c, t) => ({ params: { id: t.person.id }, body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'active', value: false }] } }), foreign: 'public', anonymous: 401, admin: 401 },
  scimUserDelete: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'public', anonymous: 401, admin: 401 },
  companyScimGet: { call: (_c, t) => ({ params: { id: t.company.id } }), foreign: 'denied' },
  companyScimUpdate: {
    call: async (c, t) => {
      const company = await c.newCompany(t);
      const profile = await createProfile(c.s, company.id);
      return { params: { id: company.id }, body: { profileId: profile.id, deleteMode: 'delete' }, state: readPath(c, 'companyScimGet', { params: { id: company.id } }) };
    },
    foreign: 'denied',
  },
  companyScimTokenCreate: {
    call: async (c, t) => {
      const company = await c.newCompany(t);
      return { params: { id: company.id }, body: { label: 'Test' }, state: readPath(c, 'companyScimGet', { params: { id: company.id } }) };
    },
    foreign: 'denied',
  },
  companyScimTokenDelete: {
    call: async (c, t) => {
      const company = await c.newCompany(t);
      const made = await c.s.call('companyScimTokenCreate', { token: await c.adminToken(), params: { id: company.id }, body: {} });
      return { params: { id: company.id, tokenId: made.body.id }, state: readPath(c, 'companyScimGet', { params: { id: company.id } }) };
    },
    foreign: 'denied',
  },

  // --- company sign-in (OpenID Connect; the flow itself against a real provider: test/api/sso.test.ts) ---
  // No company has this domain: everybody is told alike that no company sign-in is set up for it.
  authSsoStart: { call: () => ({ body: { email: 'jemand@unbekannt.example' } }), foreign: 'public', anonymous: 404, admin: 404 },
  authSsoFinish: { call: () => ({ body: { code: 'abc', state: 'erfunden' } }), foreign: 'public', anonymous: 400, admin: 400 },
  companySsoGet: { call: (_c, t) => ({ params: { id: t.company.id } }), foreign: 'denied' },
  // Valid in shape; the admin gets 400 because no provider answers discovery here (the success is in sso.test.ts).
  companySsoUpdate: {
    call: async (c, t) => {
      const company = await c.newCompany(t);
      return {
        params: { id: company.id },
        body: { issuer: 'https://idp.beispiel.de', clientId: 'karten', clientSecret: 'geheim', domains: ['beispiel-sso.de'], required: false },
        state: readPath(c, 'companySsoGet', { params: { id: company.id } }),
      };
    },
    foreign: 'denied', admin: 400,
  },
  companySsoDelete: {
    call: async (c, t) => {
      const company = await c.newCompany(t);
      return { params: { id: company.id }, state: readPath(c, 'companySsoGet', { params: { id: company.id } }) };
    },
    foreign: 'denied',
  },

  // --- users ---
  userCreate: {
    call: (c) => {
      const username = uniqueName('neu');
      return {
        body: { username, email: `${username}@beispiel.de`, firstname: 'Neue', lastname: 'Person', password: 'Birke-Sand-Tinte-88', userGroupId: 'user' },
        state: readPath(c, 'userList'),
      };
    },
    foreign: 'denied',
    badInputs: () => {
      const username = uniqueName('neu');
      const body = { username, email: `${username}@beispiel.de`, firstname: 'Neue', lastname: 'Person', password: 'Birke-Sand-Tinte-88' };
      return [
        // Finding 3: a group id beyond DynamoDB's 2,048-byte key limit was a 500.
        { body: { ...body, userGroupId: 'g'.repeat(3000) } },
        // Invisible and look-alike characters in usernames.
        { body: { ...body, userGroupId: 'user', username: `${username}\u200b` } },
        { body: { ...body, userGroupId: 'user', username: `${username} x` } },
      ];
    },
  },
  userList: { call: () => ({ query: { search: '' } }), foreign: 'denied' },
  userGroups: { call: () => ({}), foreign: 'denied' },
  userGet: { call: (_c, t) => ({ params: { id: t.user.id } }), foreign: 'denied' },
  userUpdate: {
    call: async (c) => {
      const u = await c.newUser();
      return { params: { id: u.id }, body: { firstname: 'Geändert' }, state: readPath(c, 'userGet', { params: { id: u.id } }) };
    },
    foreign: 'denied',
  },
  userAdminUpdate: {
    call: async (c) => {
      const u = await c.newUser();
      return { params: { id: u.id }, body: { lastname: 'Geändert' }, state: readPath(c, 'userGet', { params: { id: u.id } }) };
    },
    foreign: 'denied',
  },

  // --- companies ---
  companyCreate: { call: (c) => ({ body: { org: uniqueName('Neue Firma '), lang: 'de', userIds: [] }, state: readPath(c, 'companyList') }), foreign: 'denied' },
  companyList: { call: () => ({}), foreign: 'filtered' },
  companyGet: { call: (_c, t) => ({ params: { id: t.company.id } }), foreign: 'denied' },
  companyUpdate: {
    call: async (c, t) => {
      const co = await c.newCompany(t);
      return { params: { id: co.id }, body: { org: `${co.org} geändert`, lang: 'en' }, state: readPath(c, 'companyGet', { params: { id: co.id } }) };
    },
    foreign: 'denied',
  },
  companyDelete: {
    call: async (c, t) => {
      const co = await c.newCompany(t);
      return { params: { id: co.id }, state: readPath(c, 'companyGet', { params: { id: co.id } }) };
    },
    foreign: 'denied',
  },
  companyActiveCardCount: { call: (_c, t) => ({ params: { id: t.company.id } }), foreign: 'denied' },

  // --- cards (persons) ---
  personCreate: {
    call: async (c, t) => {
      const p = await c.newProfile(t);
      return {
        body: person(t, { companyProfilId: p.id }),
        state: readPath(c, 'personListByProfile', { params: { profileId: p.id } }),
      };
    },
    foreign: 'denied',
  },
  personCardCount: { call: (_c, t) => ({ query: { companyId: t.company.id } }), foreign: 'denied' },
  personListByProfile: {
    call: (_c, t) => ({ params: { profileId: t.profile.id }, query: { limit: '10' } }),
    foreign: 'denied',
    badInputs: (_c, t): Call[] => {
      const cursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
      const other = { pk: `COMPANY#${randomUUID()}`, sk: 'PERSON#x' };
      return [
        // Finding 3: a key attribute set to "" in the cursor was a 500.
        { params: { profileId: t.profile.id }, query: { cursor: cursor({ pk: '', sk: '', gsi1pk: '', gsi1sk: '' }) } },
        { params: { profileId: t.profile.id }, query: { cursor: cursor(other) } },
        { params: { profileId: t.profile.id }, query: { cursor: 'nicht-base64-{}' } },
        { params: { profileId: t.profile.id }, query: { limit: '0' } },
      ];
    },
  },
  personGet: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'denied' },
  personUpdate: {
    call: async (c, t) => {
      const p = await c.newPerson(t);
      const current = (await c.read('personGet', { params: { id: p.id } })).body as { version: number };
      return { params: { id: p.id }, body: person(t, { position: 'Leitung', version: current.version }), state: readPath(c, 'personGet', { params: { id: p.id } }) };
    },
    foreign: 'denied',
  },
  personDelete: {
    call: async (c, t) => {
      const p = await c.newPerson(t);
      return { params: { id: p.id }, state: readPath(c, 'personGet', { params: { id: p.id } }) };
    },
    foreign: 'denied',
  },
  personExport: { call: (_c, t) => ({ params: { companyId: t.company.id }, query: { format: 'xlsx' } }), foreign: 'denied' },

  // --- profiles ---
  profileCreate: {
    call: async (c, t) => ({
      body: { companyId: t.company.id, profilname: `Neu ${t.marker}`, notes: 'Zeile 1\nZeile 2\tTab' },
      state: readPath(c, 'profileList', { params: { companyId: t.company.id } }),
    }),
    foreign: 'denied',
  },
  profileList: { call: (_c, t) => ({ params: { companyId: t.company.id } }), foreign: 'denied' },
  profileGet: { call: (_c, t) => ({ params: { id: t.profile.id } }), foreign: 'denied' },
  profileUpdate: {
    call: async (c, t) => {
      const p = await c.newProfile(t);
      const current = (await c.read('profileGet', { params: { id: p.id } })).body as { version: number };
      return {
        params: { id: p.id },
        body: { profilname: `Geändert ${t.marker}`, claim: 'Claim', settings: { customCss: '.card { color: red; }' }, version: current.version },
        state: readPath(c, 'profileGet', { params: { id: p.id } }),
      };
    },
    foreign: 'denied',
    // Issue 16, finding 7: the write path refuses what the public page would refuse.
    badInputs: async (c, t): Promise<Call[]> => {
      const { version } = (await c.read('profileGet', { params: { id: t.profile.id } })).body as { version: number };
      const withCss = (customCss: string): Call => ({ params: { id: t.profile.id }, body: { profilname: `Profil ${t.marker}`, settings: { customCss }, version } });
      return [
        withCss('.a { color: red; } </style><script>alert(1)</script>'),
        withCss('@import url(https://evil.example/x.css);'),
        withCss('.a { background: url(https://evil.example/track.png); }'),
        withCss(`.a { color: red; } /* ${'x'.repeat(20_001)} */`),
        withCss('.a { color: red;\u0000 }'),
      ];
    },
  },
  profileDelete: {
    call: async (c, t) => {
      const p = await c.newProfile(t);
      return { params: { id: p.id }, state: readPath(c, 'profileGet', { params: { id: p.id } }) };
    },
    foreign: 'denied',
  },

  // --- uploads ---
  uploadCreate: {
    call: (_c, t) => ({
      params: { id: t.company.id },
      multipart: [{ name: 'image', filename: 'bild.png', contentType: 'image/png', data: makePng(32, 24) }],
    }),
    foreign: 'denied',
  },
  uploadGet: { call: (_c, t) => ({ params: { field: 'image', filename: t.upload } }), foreign: 'public' },

  // --- wallet (the authorization runs have no wallet configuration: building a pass is a 503) ---
  walletSignature: { call: (_c, t) => ({ params: { userId: t.person.id } }), foreign: 'denied' },
  walletStatus: { call: () => ({}), foreign: 'filtered' },
  walletPkpassCreate: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'denied', admin: 503 },
  walletPkpassGet: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'denied', admin: 503 },
  walletGooglecardCreate: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'denied', admin: 503 },
  // Without wallet configuration: sent on to the QR wallet page, which says so in a sentence.
  walletPkpassPublic: { call: walletSigned, foreign: 'public', anonymous: 303, admin: 303, visitorLink: true },
  walletGooglecardPublic: { call: walletSigned, foreign: 'public', anonymous: 303, admin: 303, visitorLink: true },
  walletCard: { call: walletSigned, foreign: 'public' },
  passkitRegister: {
    call: (_c, t) => ({ params: { deviceId: 'geraet1', passTypeId: 'pass.de.test', serial: t.person.id }, body: { pushToken: 'abc123' } }),
    foreign: 'public', anonymous: 503, admin: 503,
  },
  passkitUnregister: {
    call: (_c, t) => ({ params: { deviceId: 'geraet1', passTypeId: 'pass.de.test', serial: t.person.id } }),
    foreign: 'public', anonymous: 503, admin: 503,
  },
  passkitSerials: { call: () => ({ params: { deviceId: 'geraet1', passTypeId: 'pass.de.test' } }), foreign: 'public', anonymous: 503, admin: 503 },
  passkitPass: { call: (_c, t) => ({ params: { passTypeId: 'pass.de.test', serial: t.person.id } }), foreign: 'public', anonymous: 503, admin: 503 },
  passkitLog: { call: () => ({ body: { logs: ['Testzeile'] } }), foreign: 'public' },

  // --- public card ---
  // Public by design: the card is shown to anyone with its address (no token is read).
  cardGet: {
    call: (_c, t) => ({ params: { id: t.person.id } }),
    foreign: 'public',
    badInputs: () => [{ params: { id: 'x'.repeat(65) } }],
  },
  cardPage: {
    call: (_c, t) => ({ params: { id: t.person.id } }),
    foreign: 'public',
    page: true,
    badInputs: () => [{ params: { id: 'x'.repeat(65) } }],
  },
  cardVcard: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'public' },
  cardQr: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'denied' },
  cardSummary: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'denied' },
  cardSignature: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'denied' },
  cardBackground: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'denied' },
  // --- contacts ("Kontakt austauschen", issue 28) ---
  // Public by design: any visitor of an active card may leave a contact.
  contactCreate: {
    call: async (c, t) => {
      const p = await c.newPerson(t);
      return {
        params: { id: p.id },
        body: { name: `Besucher ${t.marker}`, email: 'besucher@example.org', consent: true },
        state: readPath(c, 'contactList', { query: { companyId: t.company.id, personId: p.id } }),
      };
    },
    foreign: 'public',
  },
  contactList: { call: (_c, t) => ({ query: { companyId: t.company.id } }), foreign: 'denied' },
  contactExport: { call: (_c, t) => ({ query: { companyId: t.company.id } }), foreign: 'denied' },
  contactDelete: {
    call: async (c, t) => {
      const p = await c.newPerson(t);
      const sent = await c.s.call('contactCreate', { params: { id: p.id }, body: { name: `Besucher ${t.marker}`, phone: '+49 30 1234567', consent: true } });
      expect(sent.status).toBe(200);
      const list = await c.read('contactList', { query: { companyId: t.company.id, personId: p.id } });
      const id = (list.body as { items: { id: string }[] }).items[0]!.id;
      return { params: { id }, state: readPath(c, 'contactList', { query: { companyId: t.company.id, personId: p.id } }) };
    },
    foreign: 'denied',
  },

  // --- statistics (views and saves) ---
  statisticCompany: { call: (_c, t) => ({ query: { companyId: t.company.id } }), foreign: 'denied' },
  statisticCard: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'denied' },

  // --- credits ---
  creditGet: { call: (_c, t) => ({ params: { id: t.company.id } }), foreign: 'denied' },
  creditHistoryCreate: {
    call: async (c, t) => {
      const co = await c.newCompany(t);
      return {
        body: { companyId: co.id, credits: 7, infotext: `Buchung ${t.marker}` },
        state: async () => [await c.read('creditGet', { params: { id: co.id } }), await c.read('creditHistoryList', { params: { id: co.id } })],
      };
    },
    foreign: 'denied',
    badInputs: (_c, t) => [
      { body: { companyId: t.company.id, credits: 1.5 } },
      { body: { companyId: t.company.id, credits: 0 } },
      { body: { companyId: t.company.id, credits: -1_000_000_000 } },
      { body: { companyId: 'x'.repeat(65), credits: 1 } },
    ],
  },
  creditHistoryList: {
    call: (_c, t) => ({ params: { id: t.company.id }, query: { limit: '10' } }),
    foreign: 'denied',
    badInputs: (_c, t): Call[] => {
      const cursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
      return [
        { params: { id: t.company.id }, query: { cursor: cursor({ pk: `COMPANY#${randomUUID()}#CREDITS`, sk: 'x' }) } },
        { params: { id: t.company.id }, query: { cursor: cursor({ pk: '', sk: '' }) } },
        { params: { id: t.company.id }, query: { cursor: 'nicht-base64-{}' } },
        { params: { id: t.company.id }, query: { limit: '201' } },
      ];
    },
  },
  creditStatistics: { call: () => ({}), foreign: 'denied' },

  // --- table exports (CSV, or XLSX with ?format=xlsx) ---
  creditHistoryExport: { call: (_c, t) => ({ params: { id: t.company.id }, query: { format: 'xlsx' } }), foreign: 'denied' },
  creditStatisticsExport: { call: () => ({ query: { format: 'xlsx' } }), foreign: 'denied' },
  statisticCompanyExport: { call: (_c, t) => ({ params: { companyId: t.company.id }, query: { format: 'xlsx' } }), foreign: 'denied' },

  // --- data protection (issue 27) ---
  personDataExport: { call: (_c, t) => ({ params: { id: t.person.id } }), foreign: 'denied' },
  personErase: {
    call: async (c, t) => {
      const p = await c.newPerson(t);
      return { params: { id: p.id }, body: { confirm: p.id }, state: readPath(c, 'personGet', { params: { id: p.id } }) };
    },
    foreign: 'denied',
  },
  auditList: { call: (_c, t) => ({ query: { companyId: t.company.id, limit: '20' } }), foreign: 'denied' },
  auditExport: { call: (_c, t) => ({ query: { companyId: t.company.id, format: 'xlsx' } }), foreign: 'denied' },

  // --- legacy vcard area (admin-only) ---
  ...vcardRouteFixtures,

  // --- import tools (admin-only) ---
  ...toolsRouteFixtures,
};

/** Builds the context the fixtures use, for one test server. */
export function fixtureContext(s: TestServer): FixtureContext {
  const read: FixtureContext['read'] = async (name, ...rest) => {
    const [args] = rest as unknown as [Record<string, unknown> | undefined];
    const res = await (s.call as (n: RouteName, a: Record<string, unknown>) => ReturnType<TestServer['call']>)(name, { ...args, token: await s.adminToken() });
    return { status: res.status, body: res.body as unknown };
  };
  return {
    s,
    adminToken: () => s.adminToken(),
    read,
    newCompany: (t) => createCompany(s, { org: uniqueName(`Firma ${t.marker} `), userIds: [t.user.id] }),
    newProfile: (t) => createProfile(s, t.company.id, { profilname: uniqueName(`Profil ${t.marker} `) }),
    newPerson: async (t) => {
      const res = await s.call('personCreate', { token: await s.adminToken(), body: person(t) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { id: string };
    },
    newUser: () => createUserToken(s),
  };
}

/** A tenant: company with an assigned user, a profile with an address, a card and an uploaded image. */
export async function createFixtureTenant(c: FixtureContext): Promise<Tenant> {
  const marker = `M${randomUUID().slice(0, 8)}`;
  const user = await c.newUser();
  const company = await createCompany(c.s, { org: `Firma ${marker}`, userIds: [user.id] });
  const profile = await createProfile(c.s, company.id, {
    profilname: `Profil ${marker}`,
    adressen: [{ straße: `Straße ${marker}`, plz: '10115', ort: 'Berlin' }],
  });
  const t0 = { user, company, profile, marker } as unknown as Tenant;
  const res = await c.s.call('personCreate', { token: await c.adminToken(), body: person(t0) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const upload = await uploadImage(c.s, user.token, company.id);
  return { ...t0, person: res.body, upload };
}
