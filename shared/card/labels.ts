// Labels printed on the card itself, in the card's language (company `lang`, or a theme that
// fixes one, like the-vcard-en). Kept apart from the back-office catalogue so the public page
// loads only these few words.

export type CardLang = 'de' | 'en';

export interface CardLabels {
  phone: string;
  /** Label of the `work` phone. */
  work: string;
  cell: string;
  email: string;
  web: string;
  address: string;
  impressum: string;
  datenschutz: string;
  ustId: string;
  court: string;
  call: string;
  write: string;
  visit: string;
  save: string;
  photoOf: (name: string) => string;
  logo: string;
  social: string;
  socialTypes: Record<string, string>;
}

const socialTypes = { facebook: 'Facebook', instagram: 'Instagram', linkedin: 'LinkedIn', xing: 'Xing', youtube: 'YouTube', tiktok: 'TikTok' };

export const cardLabels: Record<CardLang, CardLabels> = {
  de: {
    phone: 'Telefon',
    work: 'Geschäftlich',
    cell: 'Mobil',
    email: 'E-Mail',
    web: 'Webseite',
    address: 'Adresse',
    impressum: 'Impressum',
    datenschutz: 'Datenschutz',
    ustId: 'USt-IdNr.:',
    court: 'Handelsregister:',
    call: 'Anrufen',
    write: 'Schreiben',
    visit: 'Webseite',
    save: 'Kontakt speichern',
    photoOf: (name) => `Foto von ${name}`,
    logo: 'Logo',
    social: 'Social Media',
    socialTypes,
  },
  en: {
    phone: 'Phone',
    work: 'Work',
    cell: 'Mobile',
    email: 'Email',
    web: 'Website',
    address: 'Address',
    impressum: 'Legal notice',
    datenschutz: 'Privacy policy',
    ustId: 'VAT ID:',
    court: 'Commercial register:',
    call: 'Call',
    write: 'Email',
    visit: 'Website',
    save: 'Save contact',
    photoOf: (name) => `Photo of ${name}`,
    logo: 'Logo',
    social: 'Social media',
    socialTypes,
  },
};
