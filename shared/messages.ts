// The one German message catalogue: server errors, validation texts and UI labels.
// Strings quoted in the product specification are kept exactly as written there.
import { commonMessages } from './messages/common.ts';
import { backofficeMessages } from './messages/backoffice.ts';
import { cardMessages } from './messages/card.ts';
import { companyMessages } from './messages/company.ts';
import { contactMessages } from './messages/contact.ts';
import { creditMessages } from './messages/credit.ts';
import { personMessages } from './messages/person.ts';
import { profileMessages } from './messages/profile.ts';
import { shellMessages } from './messages/shell.ts';
import { statisticMessages } from './messages/statistic.ts';
import { uploadMessages } from './messages/upload.ts';
import { userMessages } from './messages/users.ts';
import { walletMessages } from './messages/wallet.ts';
import { vcardMessages } from './messages/vcard.ts';
import { toolsMessages } from './messages/tools.ts';
import { exportMessages } from './messages/export.ts';
import { systemMessages } from './messages/system.ts';
import { ssoMessages } from './messages/sso.ts';
import { scimMessages } from './messages/scim.ts';
import { privacyMessages } from './messages/privacy.ts';

export const msg = {
  ...commonMessages,
  backoffice: backofficeMessages,
  card: cardMessages,
  company: companyMessages,
  contact: contactMessages,
  credit: creditMessages,
  person: personMessages,
  profile: profileMessages,
  upload: uploadMessages,
  shell: shellMessages,
  statistic: statisticMessages,
  users: userMessages,
  wallet: walletMessages,
  vcard: vcardMessages,
  tools: toolsMessages,
  exports: exportMessages,
  privacy: privacyMessages,
  system: systemMessages,
  sso: ssoMessages,
  scim: scimMessages,
} as const;
