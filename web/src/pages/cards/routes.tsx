import type { RouteObject } from 'react-router';
import { paths } from '../../paths.ts';

const form = async () => ({ Component: (await import('./card-form.tsx')).CardForm });

/** Card holders (Visitenkarten) inside the V2 layout. */
export const cardRoutes: RouteObject[] = [
  { path: paths.visitenkarteOverview, lazy: async () => ({ Component: (await import('./card-overview.tsx')).CardOverview }) },
  { path: paths.visitenkarteAdd, lazy: form },
  { path: paths.visitenkarteEdit, lazy: form },
  { path: paths.vcardWallet, lazy: async () => ({ Component: (await import('./wallet-page.tsx')).WalletPage }) },
];
