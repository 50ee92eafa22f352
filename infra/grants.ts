// What a function may touch, declared once per route (and per job in infra/jobs.ts) and merged
// per area function into least-privilege IAM statements (infra/constructs/app-function.ts).
import type { RouteDef } from '../shared/api/define.ts';
import type { RouteName } from '../shared/api/routes.ts';

export interface Needs {
  /** The single table: `read` = Get/Query/BatchGet/TransactGet/DescribeTable, `readWrite` adds the writes. */
  table?: 'read' | 'readWrite';
  /** Uploaded images (objects under `images/`). */
  uploads?: 'read' | 'readWrite';
  /** Reads the token signing secret (every route that signs or verifies a token). */
  authSecret?: boolean;
  /** Sends paths to the CDN invalidation queue (functions/lib/cdn/invalidate.ts). */
  invalidation?: boolean;
  /** Creates CloudFront invalidations on the distribution (the invalidation job). */
  distributionInvalidation?: boolean;
  /** CloudFront standard logs in the log bucket (`cdn/`): the hourly merge job (cdn-log-merge) reads and then deletes them. */
  cdnLogs?: 'read' | 'readDelete';
  /** Reads the wallet configuration and the wallet link key (passes, signed links, pass update pushes). */
  walletSecrets?: boolean;
}

/** Card changes reach installed passes: APNs push with the pass certificate, Google PATCH with the object's images. */
const walletUpdates: Needs = { walletSecrets: true, uploads: 'read' };

/**
 * Routes whose needs differ from what their method, path and access imply. A new route that
 * needs more (a secret, the queue) adds its line here, next to its contract.
 */
const overrides: Partial<Record<RouteName, Needs>> = {
  authLogin: { table: 'readWrite', authSecret: true },
  // The admins' Systemstatus (in the wallet area) reads whether the wallet configuration is complete (never shows it).
  systemStatus: { walletSecrets: true },
  // Deleting a company deletes its uploaded files and drops their cached copies at the CDN.
  companyDelete: { uploads: 'readWrite', invalidation: true },
  // 'Kontakt speichern' embeds the upload's small vCard JPEG.
  cardVcard: { uploads: 'read' },
  // Changes that alter what public cards show drop their cached copies at the CDN.
  personUpdate: { invalidation: true, ...walletUpdates },
  personDelete: { invalidation: true, ...walletUpdates },
  profileUpdate: { invalidation: true, ...walletUpdates },
  companyUpdate: { invalidation: true, ...walletUpdates },
  // The import tools update cards through the card domain functions (CDN and passes follow).
  toolsImport: { invalidation: true, ...walletUpdates },
  toolsLegacyConvert: { invalidation: true, ...walletUpdates },
  // Legacy persons' cards are served (and cached) like every card.
  vcardCompanyUpdate: { invalidation: true, ...walletUpdates },
  vcardCompanyDelete: { invalidation: true },
  vcardSettingsUpdate: { invalidation: true, ...walletUpdates },
  vcardPersonUpdate: { invalidation: true, ...walletUpdates },
  vcardPersonDelete: { invalidation: true, ...walletUpdates },
  // DSGVO: the export reads the images and records itself in the audit log; the erasure removes
  // images (every version), wallet registrations and the Google object, and drops CDN copies.
  personDataExport: { table: 'readWrite', uploads: 'read' },
  personErase: { uploads: 'readWrite', invalidation: true, ...walletUpdates },
};

/** Least privilege per route: reads for GET, writes only where the route changes data. */
export function needsOf(route: RouteDef): Needs {
  const base: Needs = {
    table: route.method === 'GET' ? 'read' : 'readWrite',
    authSecret: route.access !== 'public',
  };
  if (route.path.startsWith('/api/upload')) base.uploads = route.method === 'GET' ? 'read' : 'readWrite';
  // Wallet routes build passes from the uploads, sign with the wallet key, and remember device
  // registrations and Google objects even on GET (the public googlecard link).
  if (route.path.startsWith('/api/wallet/')) Object.assign(base, { table: 'readWrite', uploads: 'read', walletSecrets: true } satisfies Needs);
  return { ...base, ...(overrides as Record<string, Needs>)[route.name] };
}

const rank = { read: 1, readWrite: 2 } as const;

function wider<T extends 'read' | 'readWrite'>(a: T | undefined, b: T | undefined): T | undefined {
  if (!a) return b;
  if (!b) return a;
  return rank[a] >= rank[b] ? a : b;
}

/** What one function serving all these routes needs: the union of theirs. */
export function mergeNeeds(all: readonly Needs[]): Needs {
  const out: Needs = {};
  for (const n of all) {
    const table = wider(out.table, n.table);
    const uploads = wider(out.uploads, n.uploads);
    const cdnLogs = n.cdnLogs === 'readDelete' || out.cdnLogs === 'readDelete' ? 'readDelete' : (n.cdnLogs ?? out.cdnLogs);
    if (table) out.table = table;
    if (uploads) out.uploads = uploads;
    if (n.authSecret) out.authSecret = true;
    if (n.invalidation) out.invalidation = true;
    if (n.distributionInvalidation) out.distributionInvalidation = true;
    if (n.walletSecrets) out.walletSecrets = true;
    if (cdnLogs) out.cdnLogs = cdnLogs;
  }
  return out;
}
