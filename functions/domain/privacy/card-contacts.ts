// Contacts visitors leave on a card (issue 28). Until that feature is part of this branch there
// are none to export or erase; this is the one place that will read and remove them.

export async function cardContacts(_personId: string): Promise<Record<string, unknown>[] | undefined> {
  return undefined;
}

/** Removes the card's contacts; answers how many went. */
export async function eraseCardContacts(_personId: string): Promise<number> {
  return 0;
}
