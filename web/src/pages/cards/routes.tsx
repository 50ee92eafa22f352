import type { RouteObject } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { paths } from '../../paths.ts';
import { screen } from '../../data.tsx';

const titles = msg.backoffice.titles;
const form = async () => {
  const { CardForm, loader } = await import('./card-form.tsx');
  return { Component: CardForm, loader };
};

/** Card holders (Visitenkarten) inside the V2 layout. */
export const cardRoutes: RouteObject[] = [
  screen(paths.visitenkarteOverview, titles.cards, async () => {
    const { CardOverview, loader } = await import('./card-overview.tsx');
    return { Component: CardOverview, loader };
  }),
  screen(paths.visitenkarteAdd, titles.cardAdd, form),
  screen(paths.visitenkarteEdit, titles.cardEdit, form),
  screen(paths.contacts, msg.contact.ui.title, async () => {
    const { ContactListScreen, loader } = await import('../contacts/contact-list.tsx');
    return { Component: ContactListScreen, loader };
  }),
  screen(paths.vcardWallet, msg.wallet.page.title, async () => {
    const { WalletPage, loader } = await import('./wallet-page.tsx');
    return { Component: WalletPage, loader };
  }),
];
