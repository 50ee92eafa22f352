// Every key shape of the single table lives here; nothing else builds a key string.

export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'USER' }),
  /** GSI1 entry that lists users sorted by (lower-case) username. */
  userListEntry: (usernameLower: string, userId: string) => ({ gsi1pk: 'USERS', gsi1sk: `${usernameLower}#${userId}` }),
  userListPartition: () => ({ gsi1pk: 'USERS' }),
  /** Uniqueness guard for usernames, case-insensitive. */
  username: (usernameLower: string) => ({ pk: `USERNAME#${usernameLower}`, sk: 'USERNAME' }),

  group: (groupId: string) => ({ pk: `GROUP#${groupId}`, sk: 'GROUP' }),
  groupListEntry: (groupLower: string) => ({ gsi1pk: 'GROUPS', gsi1sk: groupLower }),
  groupListPartition: () => ({ gsi1pk: 'GROUPS' }),

  /** Token bucket of password checks for one subject (username, address or both; functions/domain/auth/throttle.ts). */
  throttleBucket: (kind: 'pair' | 'user' | 'address', subject: string) => ({ pk: `THROTTLE#${kind}#${subject}`, sk: 'BUCKET' }),
  /** An address the user signed in from recently: never held back by other addresses' failed guesses. */
  knownAddress: (usernameLower: string, address: string) => ({ pk: `KNOWNADDR#${usernameLower}`, sk: address }),
  /** A browser's device id (hashed) that signed in as the user: only its own attempts hold it back. */
  knownDevice: (usernameLower: string, deviceHash: string) => ({ pk: `KNOWNDEVICE#${usernameLower}`, sk: deviceHash }),

  company: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'COMPANY' }),
  /** GSI1 entry that lists all companies sorted by org (admin list). */
  companyListEntry: (orgLower: string, companyId: string) => ({ gsi1pk: 'COMPANIES', gsi1sk: `${orgLower}#${companyId}` }),
  companyListPartition: () => ({ gsi1pk: 'COMPANIES' }),

  /**
   * GSI2 entry on every item a company owns (profiles, persons, statistics, credit history),
   * so deleting a company finds all of it with one Query. `kind` is the item type in capitals.
   */
  owned: (companyId: string, kind: string, id: string) => ({ gsi2pk: `OWNER#${companyId}`, gsi2sk: `${kind}#${id}` }),
  ownedPartition: (companyId: string) => ({ gsi2pk: `OWNER#${companyId}` }),
  // Each kind that has its item code gets a named entry, so no kind string is spelled elsewhere.
  ownedProfile: (companyId: string, profileId: string) => keys.owned(companyId, 'PROFILE', profileId),
  ownedPerson: (companyId: string, personId: string) => keys.owned(companyId, 'PERSON', personId),
  /** `gsi2sk` prefix shared by every person a company owns (Query with `begins_with`). */
  ownedPersonPrefix: (companyId: string) => keys.owned(companyId, 'PERSON', ''),
  ownedUpload: (companyId: string, filename: string) => keys.owned(companyId, 'UPLOAD', filename),
  /** `gsi2sk` prefix shared by every upload a company owns (the image reprocess job). */
  ownedUploadPrefix: (companyId: string) => keys.owned(companyId, 'UPLOAD', ''),

  profile: (profileId: string) => ({ pk: `PROFILE#${profileId}`, sk: 'PROFILE' }),
  /**
   * A profile's customCss as typed (only the form and the edit routes read it), apart from the
   * profile item the public card reads, which keeps only the scoped copy (issue 9's read budget).
   * GSI2-owned like the profile, so the company delete removes it.
   */
  profileCss: (profileId: string) => ({ pk: `PROFILE#${profileId}`, sk: 'CSS' }),
  ownedProfileCss: (companyId: string, profileId: string) => keys.owned(companyId, 'PROFILECSS', profileId),
  /** GSI1 entry listing a company's profiles in creation order. */
  profileListEntry: (companyId: string, createdAt: string, profileId: string) => ({ gsi1pk: `COMPANY#${companyId}#PROFILES`, gsi1sk: `${createdAt}#${profileId}` }),
  profileListPartition: (companyId: string) => ({ gsi1pk: `COMPANY#${companyId}#PROFILES` }),

  person: (personId: string) => ({ pk: `PERSON#${personId}`, sk: 'PERSON' }),
  /** GSI1 entry listing a profile's persons (card holders) in creation order. */
  personListEntry: (profileId: string, createdAt: string, personId: string) => ({ gsi1pk: `PROFILE#${profileId}#PERSONS`, gsi1sk: `${createdAt}#${personId}` }),
  personListPartition: (profileId: string) => ({ gsi1pk: `PROFILE#${profileId}#PERSONS` }),

  /**
   * Card match index (the import tools): the ids of a company's cards that share first name, last
   * name and first e-mail (`keyHash` of those), kept by the card writes in their transaction. The
   * marker says the company's older cards were added once. GSI2-owned: the company delete removes them.
   */
  cardMatch: (companyId: string, keyHash: string) => ({ pk: `COMPANY#${companyId}#MATCH`, sk: keyHash }),
  ownedCardMatch: (companyId: string, keyHash: string) => keys.owned(companyId, 'MATCH', keyHash),
  cardMatchIndexed: (companyId: string) => ({ pk: `COMPANY#${companyId}#MATCH`, sk: '#INDEXED' }),
  ownedCardMatchIndexed: (companyId: string) => keys.owned(companyId, 'MATCH', '#INDEXED'),

  /** An uploaded image, owned by a company (GSI2) so deleting the company removes the file. */
  upload: (filename: string) => ({ pk: `UPLOAD#${filename}`, sk: 'UPLOAD' }),

  /**
   * A company's credit history: one partition per company, sorted by time, so a Query with
   * ScanIndexForward=false reads it newest first. GSI1 groups every entry by its month
   * (Europe/Berlin) for the admin statistics; GSI2 (`ownedCreditEntry`) lets the company delete
   * remove the entries.
   */
  creditEntry: (companyId: string, createdAt: string, entryId: string) => ({ pk: `COMPANY#${companyId}#CREDITS`, sk: `${createdAt}#${entryId}` }),
  creditHistoryPartition: (companyId: string) => ({ pk: `COMPANY#${companyId}#CREDITS` }),
  creditMonthEntry: (month: string, createdAt: string, entryId: string) => ({ gsi1pk: `CREDITS#${month}`, gsi1sk: `${createdAt}#${entryId}` }),
  creditMonthPartition: (month: string) => ({ gsi1pk: `CREDITS#${month}` }),
  ownedCreditEntry: (companyId: string, entryId: string) => keys.owned(companyId, 'CREDIT', entryId),
  /** Written with the monthly booking in one transaction; its existence means "this month is booked". */
  creditMonthlyMarker: (companyId: string, month: string) => ({ pk: `COMPANY#${companyId}#MONTHLY`, sk: month }),
  ownedCreditMonthlyMarker: (companyId: string, month: string) => keys.owned(companyId, 'CREDITMONTH', month),

  /**
   * Wallet: a device registered for a pass's updates (PassKit web service), one item per pass and
   * device. GSI1 lists a device's passes (updated serials); GSI2 (`ownedPassRegistration`) lists a
   * company's registrations (profile/company changes) and lets the company delete remove them.
   */
  passRegistration: (serial: string, deviceId: string) => ({ pk: `PASS#${serial}`, sk: `DEVICE#${deviceId}` }),
  passRegistrationPartition: (serial: string) => ({ pk: `PASS#${serial}` }),
  deviceRegistrationEntry: (deviceId: string, serial: string) => ({ gsi1pk: `DEVICE#${deviceId}#PASSES`, gsi1sk: serial }),
  deviceRegistrationPartition: (deviceId: string) => ({ gsi1pk: `DEVICE#${deviceId}#PASSES` }),
  ownedPassRegistration: (companyId: string, serial: string, deviceId: string) => keys.owned(companyId, 'PASSREG', `${serial}#${deviceId}`),
  ownedPassRegistrationPrefix: (companyId: string) => keys.owned(companyId, 'PASSREG', ''),
  /** Wallet: a card whose Google object exists (so a change is PATCHed, a deactivation expires it). */
  googleObject: (personId: string) => ({ pk: `GPASS#${personId}`, sk: 'GPASS' }),
  ownedGoogleObject: (companyId: string, personId: string) => keys.owned(companyId, 'GPASS', personId),
  ownedGoogleObjectPrefix: (companyId: string) => keys.owned(companyId, 'GPASS', ''),

  /**
   * Views and saves of one card on one Berlin day (the log merge ADDs each batch's counts to it). The card's
   * days are one partition, so the person statistic reads them with one Query and the card delete
   * finds them; GSI2 lets the company delete remove them.
   */
  cardStatDay: (personId: string, day: string) => ({ pk: `PERSON#${personId}#STATS`, sk: day }),
  cardStatDayPartition: (personId: string) => ({ pk: `PERSON#${personId}#STATS` }),
  /**
   * One card's monthly counts (attributes per month) in its company's statistics partition: the
   * company statistics read every card of a company with one Query of small items.
   */
  cardStatRollup: (companyId: string, personId: string) => ({ pk: `STATS#${companyId}`, sk: personId }),
  cardStatRollupPartition: (companyId: string) => ({ pk: `STATS#${companyId}` }),
  /** The open merge batch of one log source (functions/domain/statistics/merge-cdn-logs.ts): its files, phase and lease. */
  cdnMergeBatch: (sourceId: string) => ({ pk: `CDNMERGE#${sourceId}`, sk: 'BATCH' }),

  /**
   * Legacy vcard area (spec §3 VCardCompany, legacy person, legacy settings): prefixes of their
   * own (`VCOMPANY#`, `VPERSON#`), so no legacy item can be read as a V2 one. Persons and settings
   * are GSI2-owned by their legacy company (kinds `VPERSON`, `VSETTINGS`), so the legacy delete
   * removes them, and the view counters of a legacy card, page by page like the V2 delete.
   */
  vcardCompany: (companyId: string) => ({ pk: `VCOMPANY#${companyId}`, sk: 'VCOMPANY' }),
  vcardCompanyListEntry: (orgLower: string, companyId: string) => ({ gsi1pk: 'VCOMPANIES', gsi1sk: `${orgLower}#${companyId}` }),
  vcardCompanyListPartition: () => ({ gsi1pk: 'VCOMPANIES' }),
  vcardSettings: (companyId: string) => ({ pk: `VCOMPANY#${companyId}`, sk: 'VSETTINGS' }),
  ownedVcardSettings: (companyId: string) => keys.owned(companyId, 'VSETTINGS', companyId),
  /** The legacy settings' customCss as typed, apart from the settings item legacy cards read (like keys.profileCss). */
  vcardSettingsCss: (companyId: string) => ({ pk: `VCOMPANY#${companyId}`, sk: 'VSETTINGSCSS' }),
  ownedVcardSettingsCss: (companyId: string) => keys.owned(companyId, 'VSETTINGSCSS', companyId),
  vcardPerson: (personId: string) => ({ pk: `VPERSON#${personId}`, sk: 'VPERSON' }),
  /** GSI1 entry listing every legacy person sorted by (lower-case) last and first name. */
  vcardPersonListEntry: (nameLower: string, personId: string) => ({ gsi1pk: 'VPERSONS', gsi1sk: `${nameLower}#${personId}` }),
  vcardPersonListPartition: () => ({ gsi1pk: 'VPERSONS' }),
  ownedVcardPerson: (companyId: string, personId: string) => keys.owned(companyId, 'VPERSON', personId),
  ownedVcardPersonPrefix: (companyId: string) => keys.owned(companyId, 'VPERSON', ''),

  /**
   * Company sign-in (OpenID Connect, issue 26): the company's provider settings (the client secret
   * lives in the secret store, never here), and per allowed e-mail domain a guard item naming the
   * company, so a domain picks exactly one provider. Both GSI2-owned: the company delete removes them.
   */
  ssoConfig: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'SSO' }),
  ownedSsoConfig: (companyId: string) => keys.owned(companyId, 'SSO', companyId),
  ssoDomain: (domain: string) => ({ pk: `SSODOMAIN#${domain}`, sk: 'SSODOMAIN' }),
  ownedSsoDomain: (companyId: string, domain: string) => keys.owned(companyId, 'SSODOMAIN', domain),
  /** One started sign-in (state, nonce, PKCE verifier), keyed by the state's hash; single use, expires by TTL. */
  ssoState: (stateHash: string) => ({ pk: `SSOSTATE#${stateHash}`, sk: 'SSOSTATE' }),

  /**
   * Directory sync (SCIM 2.0, issue 26): a bearer token, keyed by its hash (the token itself is
   * never stored), listed per company on GSI1; a SCIM user's match keys per company (`userName`
   * lower-cased, `externalId` as sent) as guard items naming the card, so each is unique per company.
   */
  scimToken: (tokenHash: string) => ({ pk: `SCIMTOKEN#${tokenHash}`, sk: 'SCIMTOKEN' }),
  scimTokenListEntry: (companyId: string, createdAt: string, tokenId: string) => ({ gsi1pk: `COMPANY#${companyId}#SCIMTOKENS`, gsi1sk: `${createdAt}#${tokenId}` }),
  scimTokenListPartition: (companyId: string) => ({ gsi1pk: `COMPANY#${companyId}#SCIMTOKENS` }),
  ownedScimToken: (companyId: string, tokenId: string) => keys.owned(companyId, 'SCIMTOKEN', tokenId),
  scimUserName: (companyId: string, userNameLower: string) => ({ pk: `COMPANY#${companyId}#SCIMUSER`, sk: `USERNAME#${userNameLower}` }),
  ownedScimUserName: (companyId: string, userNameLower: string) => keys.owned(companyId, 'SCIMUSERNAME', userNameLower),
  scimExternalId: (companyId: string, externalId: string) => ({ pk: `COMPANY#${companyId}#SCIMUSER`, sk: `EXTERNALID#${externalId}` }),
  ownedScimExternalId: (companyId: string, externalId: string) => keys.owned(companyId, 'SCIMEXTERNALID', externalId),
  /** The company's directory settings (profile for new cards, what DELETE does). */
  scimSettings: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'SCIM' }),
  ownedScimSettings: (companyId: string) => keys.owned(companyId, 'SCIM', companyId),

  /**
   * Audit log (functions/domain/audit/): one item per recorded write, never changed or deleted by
   * any route, gone by TTL (`expiresAt`, AUDIT_RETENTION_DAYS). The table partition is the month
   * (admins read all companies newest first, month by month); GSI1 lists one company's entries,
   * GSI2 one object's (these partitions are not `OWNER#`, so a company delete leaves them).
   * Entries hold ids and field names, never field values (docs/datenschutz.md).
   */
  auditEntry: (month: string, at: string, entryId: string) => ({ pk: `AUDIT#${month}`, sk: `${at}#${entryId}` }),
  auditMonthPartition: (month: string) => ({ pk: `AUDIT#${month}` }),
  auditCompanyEntry: (companyId: string, at: string, entryId: string) => ({ gsi1pk: `AUDITCO#${companyId}`, gsi1sk: `${at}#${entryId}` }),
  auditCompanyPartition: (companyId: string) => ({ gsi1pk: `AUDITCO#${companyId}` }),
  auditObjectEntry: (objectId: string, at: string, entryId: string) => ({ gsi2pk: `AUDITOBJ#${objectId}`, gsi2sk: `${at}#${entryId}` }),
  auditObjectPartition: (objectId: string) => ({ gsi2pk: `AUDITOBJ#${objectId}` }),
  /**
   * What an erasure (DSGVO Art. 17) leaves: which card, when, by whom, of which company; no data
   * of the card holder. Kept without expiry (proof the request was carried out); not GSI2-owned.
   */
  erasureRecord: (personId: string) => ({ pk: `ERASURE#${personId}`, sk: 'ERASURE' }),

  /**
   * A change to what cards show (functions/domain/cards/card-change.ts): written in the same
   * transaction as the change, read by the `card-changed` job from the table's stream; its
   * `doneAt` says it was handled. Expires by TTL.
   */
  cardChange: (changeId: string) => ({ pk: `CARDCHANGE#${changeId}`, sk: 'CHANGE' }),

  /**
   * A contact a visitor left on a card ("Kontakt austauschen", issue 28): one item per contact
   * (get by id), listed per card on GSI1 and per company on GSI2 (the company's ownership
   * partition, kind `CONTACT`, so the company delete removes them and the DSGVO export/erasure
   * finds them), both newest last by `<createdAt>#<id>`. Expire by TTL (`expiresAt`).
   */
  contact: (contactId: string) => ({ pk: `CONTACT#${contactId}`, sk: 'CONTACT' }),
  cardContactEntry: (personId: string, createdAt: string, contactId: string) => ({ gsi1pk: `PERSON#${personId}#CONTACTS`, gsi1sk: `${createdAt}#${contactId}` }),
  cardContactPartition: (personId: string) => ({ gsi1pk: `PERSON#${personId}#CONTACTS` }),
  ownedContact: (companyId: string, createdAt: string, contactId: string) => keys.owned(companyId, 'CONTACT', `${createdAt}#${contactId}`),
  /** `gsi2sk` prefix shared by every contact a company owns (Query with `begins_with`). */
  ownedContactPrefix: (companyId: string) => keys.owned(companyId, 'CONTACT', ''),

  /** Marks one-time setup (first admin) as done. */
  setupMarker: (name: string) => ({ pk: `SETUP#${name}`, sk: 'SETUP' }),
} as const;
