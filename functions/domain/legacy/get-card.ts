import { NotFoundError } from '../../lib/errors.ts';
import { vcardMessages } from '../../../shared/messages/vcard.ts';
import type { z } from 'zod';
import type { vcardCardSchema } from '../../../shared/schemas/vcard-person.ts';
import { getVcardCompanyItem, toVcardCompany } from './company-item.ts';
import { requireVcardPerson, withViews } from './person-item.ts';
import { readVcardSettings } from './settings-item.ts';

/** Card data by person id (spec §3): the person, its legacy company and the company's settings. */
export async function getVcardCard(o: { personId: string }): Promise<z.output<typeof vcardCardSchema>> {
  const item = await requireVcardPerson(o.personId);
  const [company, settings, [person]] = await Promise.all([
    getVcardCompanyItem(item.companyId),
    readVcardSettings(item.companyId),
    withViews([item]),
  ]);
  if (!company || company.deleting) throw new NotFoundError(vcardMessages.errors.personNotFound);
  return { person: person!, company: toVcardCompany(company), settings: settings.settings };
}
