import type { ContactMethod } from '../../contract/enum-values.ts';

/** How a person asked to hear back, in words staff read beside their number ("prefers a text"). */
export const preferenceText = (method: ContactMethod) => `prefers ${{ Phone: 'a call', Sms: 'a text', Email: 'an email' }[method]}`;
