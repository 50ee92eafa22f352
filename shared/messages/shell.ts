// The signed-in frame around every back-office screen (spec §2 V2 layout and legacy layout).
export const shellMessages = {
  brand: 'Visitenkarten',
  mainNav: 'Hauptnavigation',
  toggleNav: 'Navigation ein- oder ausblenden',
  closeNav: 'Navigation schließen',
  greeting: (username: string) => `Hallo, ${username}`,
  credits: 'Credits',
  account: 'Konto',
  logout: 'Abmelden',
  /** A non-admin opened an admin screen (a bookmark, a shared link) and lands on their company page. */
  adminOnly: 'Diese Seite ist nur für Administratoren. Sie wurden zu Ihrem Unternehmen weitergeleitet.',
  sections: {
    admin: 'Administration',
    cards: 'Visitenkarten',
  },
  nav: {
    adminCompanies: 'Unternehmen',
    adminCredits: 'Credits',
    adminStatistics: 'Statistik',
    adminUsers: 'Benutzer',
    adminSystemStatus: 'Systemstatus',
    cards: 'Visitenkarten',
    profiles: 'Profile',
    statistics: 'Statistik',
    account: 'Konto',
  },
  legacy: {
    nav: 'Navigation (alte Version)',
    companies: 'Unternehmen',
    users: 'Benutzer',
    toV2: 'Weiter zu V2',
  },
} as const;
