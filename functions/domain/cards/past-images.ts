// A replaced photo stays stored (files go with their company); the card remembers it, so the
// holder's export and erasure find it (DSGVO Art. 15, 17). V2 cards and legacy persons alike.

type Images = { image?: string | undefined; imageWallet?: string | undefined; pastImages?: readonly string[] | undefined };

/** `{ pastImages }` to write when an update replaces or clears a photo the card showed; `{}` otherwise. */
export function pastImagesUpdate(current: Images, next: Images): { pastImages?: string[] } {
  const replaced = (['image', 'imageWallet'] as const).map((f) => (current[f] && current[f] !== next[f] ? current[f] : undefined)).filter((f): f is string => Boolean(f));
  const past = current.pastImages ?? [];
  return replaced.some((f) => !past.includes(f)) ? { pastImages: [...new Set([...past, ...replaced])] } : {};
}
