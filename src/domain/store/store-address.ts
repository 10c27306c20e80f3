/** What of a store's address its customers' pages show. */
export interface StreetAddress {
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
}

/** A store's address on one line, as its customers' pages show it ("12 Main St, Denver, CO 80202"); null when it has none. */
export function oneLineAddress({ addressLine1, city, state, postalCode }: StreetAddress): string | null {
  return [addressLine1, [city, [state, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(', ') || null;
}
