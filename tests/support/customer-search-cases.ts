/**
 * Customers and what typing finds them: one table for the device's search (tests/unit/customer-search.test.ts)
 * and the server's (tests/server/customer-search.test.ts), so the two cannot drift apart again.
 */
export const searchedCustomers = {
  zoe: {
    customer: {
      firstName: 'Zoë',
      lastName: "O'Brien",
      companyName: 'Brien & Sons Tire',
      email: 'zoe@example.com',
      phoneNumber: '(312) 555-0142',
      alternatePhoneNumber: null,
    },
    vehicles: [{ vehicleLicensePlateState: 'IL', vehicleLicensePlateNumber: 'KX 4821', vin: '1HGCM82633A004352' }],
  },
  dana: {
    customer: {
      firstName: 'Dana',
      lastName: 'Reyes',
      companyName: null,
      email: 'dreyes@fleet.example',
      phoneNumber: '(773) 555-0199',
      alternatePhoneNumber: '(312) 555-0177',
    },
    vehicles: [],
  },
  cab: {
    customer: { firstName: null, lastName: null, companyName: 'Northside Cab Co.', email: null, phoneNumber: '(630) 555-0110', alternatePhoneNumber: null },
    vehicles: [{ vehicleLicensePlateState: 'IL', vehicleLicensePlateNumber: 'CAB 12', vin: null }],
  },
} as const;
export type SearchedCustomer = keyof typeof searchedCustomers;

/** [what is typed, as what, who it finds]. */
export const customerSearchCases: [string, string, SearchedCustomer[]][] = [
  ['a name without its accent or apostrophe', 'Zoe OBrien', ['zoe']],
  ['a name with them', "zoë o'brien", ['zoe']],
  ['a last name, then the start of the first', 'reyes d', ['dana']],
  ['a word of a company name', 'sons', ['zoe']],
  ['the start of a word in a name or company', 'bri', ['zoe']],
  ['two words of a company name', 'northside cab', ['cab']],
  ['the middle of a word', 'eyes', []],
  ['a phone with its country code', '+1 312 555 0142', ['zoe']],
  ['a phone with dots', '312.555.0142', ['zoe']],
  ['a phone without its area code', '555-0142', ['zoe']],
  ["the start of a phone, on either of a customer's numbers", '312 555', ['dana', 'zoe']],
  ['a plate without its space', 'kx4821', ['zoe']],
  ['the start of a plate after its state', 'IL KX48', ['zoe']],
  ["a company's plate", 'cab 12', ['cab']],
  ['the end of a VIN', 'A004352', ['zoe']],
  ['the start of an email', 'dreyes@fleet', ['dana']],
  ["an email's start without its @, read as a name", 'dreyes', []],
];
