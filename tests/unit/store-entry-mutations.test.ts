import { describe, expect, it } from 'vitest';
import { mutations } from '../../workers/mutations.ts';

const contact = { storeContactId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a31', name: 'Pat Parts', title: null, email: null, phoneNumber: null };
const account = { socialMediaAccountId: '5b0c3f7e-8f0a-4f5e-9f59-3a1d2c1b0a32', platform: 'Facebook', url: 'https://example.com/store' };

describe("a store's contacts and social media accounts, queued on the device", () => {
  it("creates a new contact on its store's list and changes a known one at its own path", () => {
    const save = mutations.saveStoreEntry(7, 'storeContacts', contact);
    expect(save.build(undefined)!.request).toMatchObject({ method: 'POST', path: '/api/store/7/contacts' });
    const changed = save.build({ ...contact, name: 'Pat', storeId: 7 })!.request;
    expect(changed).toMatchObject({ method: 'PATCH', path: `/api/store/7/contacts/${contact.storeContactId}`, body: { name: 'Pat Parts' } });
  });

  it('deletes a social media account at its own path under its store', () => {
    const remove = mutations.deleteStoreEntry(7, 'socialMediaAccounts', account.socialMediaAccountId);
    expect(remove.build({ ...account, storeId: 7 })!.request).toEqual({
      method: 'DELETE',
      path: `/api/store/7/social-media-accounts/${account.socialMediaAccountId}`,
    });
  });
});
