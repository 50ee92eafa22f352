import { walletPkpassPublic } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { walletLinkFailurePage } from '../../domain/wallet/wallet-link-page.ts';
import { publicPkpass } from '../../domain/wallet/wallet-passes.ts';

export const handler = createHandler(walletPkpassPublic, ({ params }) => publicPkpass({ personId: params.id, signature: params.signature }), { failurePage: walletLinkFailurePage });
