import { describe, expect, it } from 'vitest';
import {
  customerSearchTokens,
  nameMatch,
  quotedSearch,
  readCustomerQuery,
  searchLookups,
  vehicleSearchTokens,
} from '../../src/domain/people/customer-search.ts';
import { duplicateGroups, duplicateReasons, mergeableInto, pairKey, type DuplicateCandidate } from '../../src/domain/people/duplicates.ts';
import { e164, formatPhone, phoneDigits } from '../../src/domain/people/phone.ts';
import { modelYearFromVin, vinCheckDigit, vinProblem } from '../../src/domain/people/vin.ts';
import { normalizeFields, vehicleProblems, vehicleWarnings } from '../../src/domain/people/customer-rules.ts';

describe('phone numbers', () => {
  it.each(['(555) 123-4567', '555.123.4567', '+15551234567', '1 555 123 4567', '5551234567'])('read %s as 5551234567', (typed) => {
    expect(phoneDigits(typed)).toBe('5551234567');
    expect(formatPhone(typed)).toBe('(555) 123-4567');
    expect(e164(typed)).toBe('+15551234567');
  });
  it('leave a number that is not ten digits as it was typed', () => {
    expect(formatPhone('123-45')).toBe('123-45');
    expect(e164('123-45')).toBeNull();
  });
});

describe('VINs', () => {
  it.each([
    ['1M8GDM9AXKP042788', 'X'],
    ['11111111111111111', '1'],
    ['1HGCM82633A004352', '3'],
  ])('compute the check digit of %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
    expect(vinProblem(vin)).toBeNull();
  });
  it.each([
    ['1HGCM82633A00435', 'A VIN has 17 characters; this one has 16.'],
    ['1HGCM82633A0O4352', 'A VIN never has the letters I, O or Q: check for 1 and 0.'],
    ['1HGCM82643A004352', 'This VIN does not add up (its check digit, the 9th character, is wrong): check it against the vehicle.'],
  ])('explain what is wrong with %s', (vin, message) => {
    expect(vinProblem(vin)).toBe(message);
  });
  it.each([
    ['1HGCM82633A004352', 2003],
    ['5YJ3E1EA7JF012345', 2018],
    ['1M8GDM9AXKP042788', 1989],
  ])('read the model year of %s', (vin, year) => {
    expect(modelYearFromVin(vin)).toBe(year);
  });
  it('take a shorter serial of letters and digits from a vehicle of 1980 or before, and not from a later one', () => {
    expect(vinProblem('124377N123456', 1977)).toBeNull();
    expect(vinProblem('9113600123', 1980)).toBeNull();
    expect(vinProblem('9113600123', 1981)).toBe('A VIN has 17 characters; this one has 10.');
    expect(vinProblem('91#3', 1975)).toBe('A VIN of a vehicle from before 1981 has 5 to 16 letters and digits.');
  });
  it('warn, without refusing, when the year differs from the one the VIN reads', () => {
    expect(vehicleProblems({ vin: '1HGCM82633A004352', year: 2019, tireSize: null, vehicleLicensePlateNumber: null, vehicleLicensePlateState: null })).toEqual(
      {},
    );
    expect(
      vehicleWarnings({ vin: '1HGCM82633A004352', year: 2019, tireSize: null, vehicleLicensePlateNumber: null, vehicleLicensePlateState: null }).year,
    ).toBe('The VIN reads as a 2003 model: check the year (heavy trucks and trailers may differ)');
    expect(vehicleWarnings({ vin: '1HGCM82633A004352', year: 2003, tireSize: null, vehicleLicensePlateNumber: null, vehicleLicensePlateState: null })).toEqual(
      {},
    );
  });
});

describe("a vehicle's tire size, read by the counter's own parser", () => {
  const vehicle = (tireSize: string) => ({ vin: null, year: null, tireSize, vehicleLicensePlateNumber: null, vehicleLicensePlateState: null });
  it.each([
    ['35x12.50R20LT', '35x12.50R20LT'],
    ['265/70R17LT', 'LT265/70R17'],
    ['7.50R16', '7.50R16'],
    ['2256517', '225/65R17'],
    ['225-65-17', '225/65R17'],
    ['p225/65r17 102h', 'P225/65R17 102H'],
    ['LT245/75R16 E 120/116S', 'LT245/75R16/E 120/116S'],
    ['195/70R15C 104/102R', '195/70R15C 104/102R'],
  ])('takes %j and keeps it as %s', (typed, stored) => {
    const normalized = normalizeFields(vehicle(typed));
    expect(normalized.tireSize).toBe(stored);
    expect(vehicleProblems(normalized)).toEqual({});
  });

  it.each([
    ['226/65R17', 'Width 226 mm is not a tire width: metric widths end in 0 or 5'],
    ['225/65R', '"225/65R" needs the rim size, as in 225/65R17'],
    ['Michelin', '"MICHELIN" is not a tire size: write it like 225/65R17, LT245/75R16 or 35x12.50R20LT'],
  ])("refuses %j in the parser's words: %s", (typed, problem) => {
    const normalized = normalizeFields(vehicle(typed));
    expect(vehicleProblems(normalized)).toEqual({ tireSize: [problem] });
  });
});

describe('search tokens and lookups', () => {
  const customer = {
    firstName: 'Zoë',
    lastName: "O'Brien",
    companyName: 'Brien & Sons Tire',
    email: 'Zoe@Example.com',
    phoneNumber: '(555) 123-4567',
    alternatePhoneNumber: null,
  };
  it('index a customer by name words, email and phone', () => {
    expect(customerSearchTokens(customer).sort()).toEqual(
      ['e:zoe@example.com', 'n:brien', 'n:obrien', 'n:sons', 'n:tire', 'n:zoe', 'p:1234567', 'p:5551234567'].sort(),
    );
  });
  it('index a vehicle by plate (with and without its state) and by the VIN and its last 8, 7 and 6 characters', () => {
    expect(vehicleSearchTokens({ vin: '1hgcm82633a004352', vehicleLicensePlateState: 'IL', vehicleLicensePlateNumber: 'abc 123' }).sort()).toEqual(
      ['l:ABC123', 'l:ILABC123', 'v:1HGCM82633A004352', 'v:3A004352', 'v:A004352', 'v:004352'].sort(),
    );
  });
  it.each([
    ['(555) 123-4567', ['customers p:5551234567']],
    ['+15551234567', ['customers p:5551234567']],
    ['555.123', ['customers p:555123']],
    ['ABC 123', ['customerVehicles l:ABC123', 'customerVehicles v:ABC123', 'customers n:abc']],
    ['zoe@exa', ['customers e:zoe@exa', 'customers n:zoe']],
    ['zoe obrien', ['customers n:obrien']],
  ])('look %s up as %j', (query, expected) => {
    expect(searchLookups(readCustomerQuery(query)).map((l) => `${l.table} ${l.prefix}`)).toEqual(expected);
  });
  it('look a name of several words up by its longest, reading enough rows to check the others on', () => {
    expect(searchLookups(readCustomerQuery('zoe obrien'))).toEqual([{ table: 'customers', prefix: 'n:obrien', exact: 5, partial: 6, otherWords: true }]);
    expect(searchLookups(readCustomerQuery('obrien'))[0]!.otherWords).toBeUndefined();
  });
  it('match the other words of a name query as whole words or starts of words', () => {
    expect(nameMatch(readCustomerQuery('zoe obrien').nameWords, customer)).toBe(0);
    expect(nameMatch(readCustomerQuery('zoe ob').nameWords, customer)).toBe(1);
    expect(nameMatch(readCustomerQuery('zoe smith').nameWords, customer)).toBeNull();
  });
  it('wrap free text for the server in double quotes', () => {
    expect(quotedSearch(' smith "jr" ')).toBe('"smith jr"');
  });
});

const person = (id: string, more: Partial<DuplicateCandidate>): DuplicateCandidate => ({
  customerId: id,
  firstName: null,
  lastName: null,
  companyName: null,
  email: null,
  phoneNumber: null,
  alternatePhoneNumber: null,
  ...more,
});

describe('possible duplicates', () => {
  it.each([
    [{ phoneNumber: '555-123-4567' }, { phoneNumber: '(555) 123 4567' }, ['Same phone']],
    [{ email: 'A@x.com' }, { email: 'a@x.com ' }, ['Same email']],
    [{ firstName: 'Jon', lastName: 'Smith' }, { firstName: 'John', lastName: 'Smith' }, ['Similar name']],
    [{ firstName: 'Jon', lastName: 'Smith' }, { firstName: 'Jonathan', lastName: 'Smtih' }, ['Similar name']],
    [
      { firstName: 'Ann', lastName: 'Lee', phoneNumber: '5551112222' },
      { firstName: 'Anne', lastName: 'Lee', phoneNumber: '5551112222' },
      ['Same phone', 'Similar name'],
    ],
    [{ firstName: 'Jon', lastName: 'Smith' }, { firstName: 'Mary', lastName: 'Smith' }, []],
    [{ firstName: 'Al', lastName: 'Li' }, { firstName: 'Alexander', lastName: 'Li' }, []],
    [{ firstName: 'Jon', lastName: 'Smith' }, { firstName: 'Don', lastName: 'Smith' }, []],
  ] as [Partial<DuplicateCandidate>, Partial<DuplicateCandidate>, string[]][])('%j and %j: %j', (a, b, reasons) => {
    expect(duplicateReasons(person('a', a), person('b', b))).toEqual(reasons);
  });

  it('group customers that chain together, with every reason, and never a pair marked not a duplicate', () => {
    const customers = [
      person('1', { firstName: 'Jon', lastName: 'Smith', phoneNumber: '5550000001' }),
      person('2', { firstName: 'John', lastName: 'Smith', email: 'js@x.com' }),
      person('3', { firstName: 'Jim', lastName: 'Beam', email: 'js@x.com' }),
      person('4', { firstName: 'Kay', lastName: 'West', phoneNumber: '5550000009' }),
      person('5', { firstName: 'Kai', lastName: 'Westerly', phoneNumber: '555 000 0009' }),
      person('6', { firstName: 'Solo', lastName: 'Person' }),
    ];
    expect(duplicateGroups(customers, new Set())).toEqual([
      { customerIds: ['1', '2', '3'], reasons: ['Same email', 'Similar name'] },
      { customerIds: ['4', '5'], reasons: ['Same phone'] },
    ]);
    expect(duplicateGroups(customers, new Set([pairKey('5', '4')]))).toEqual([{ customerIds: ['1', '2', '3'], reasons: ['Same email', 'Similar name'] }]);
  });

  it('find a similar name however common the last name is', () => {
    const firstNames = [
      'Ava',
      'Ben',
      'Cleo',
      'Dina',
      'Eli',
      'Finn',
      'Gus',
      'Hana',
      'Ivan',
      'Jade',
      'Kirk',
      'Lola',
      'Milo',
      'Nia',
      'Otto',
      'Pia',
      'Quin',
      'Rosa',
      'Seth',
      'Tess',
    ];
    const smiths = Array.from({ length: 1200 }, (_, i) =>
      person(`s${String(i).padStart(4, '0')}`, { firstName: `${firstNames[i % 20]!}${'x'.repeat(Math.floor(i / 20) % 3)}${i}`, lastName: 'Smith' }),
    );
    const twins = [person('t1', { firstName: 'Jonathan', lastName: 'Smith' }), person('t2', { firstName: 'Jon', lastName: 'Smtih' })];
    expect(duplicateGroups([...smiths, ...twins], new Set())).toContainEqual({ customerIds: ['t1', 't2'], reasons: ['Similar name'] });
  });

  it('group nobody by a name key more than 300 customers share, and still group them by their phone', () => {
    const common = Array.from({ length: 301 }, (_, i) => person(`j${i}`, { firstName: 'John', lastName: 'Smith', phoneNumber: `555${String(1_000_000 + i)}` }));
    const same = person('j-twin', { firstName: 'John', lastName: 'Smith', phoneNumber: '5551000007' });
    expect(duplicateGroups([...common, same], new Set())).toEqual([{ customerIds: ['j-twin', 'j7'], reasons: ['Same phone', 'Similar name'] }]);
  });

  it('leave out a phone shared by a whole fleet: it groups nobody', () => {
    const letter = (i: number) => String.fromCharCode(97 + (i % 26));
    // Sixty drivers with names nobody would take for one another.
    const fleet = Array.from({ length: 60 }, (_, i) =>
      person(`f${i}`, {
        firstName: `${letter(i)}ennie`,
        lastName: `${letter(Math.floor(i / 26))}${letter(Math.floor(i / 26) + 5)}worth`,
        phoneNumber: '5550001111',
      }),
    );
    expect(duplicateGroups(fleet.slice(0, 2), new Set())).toEqual([{ customerIds: ['f0', 'f1'], reasons: ['Same phone'] }]);
    expect(duplicateGroups(fleet, new Set())).toEqual([]);
  });

  it('merge into the one kept only those not marked as a different person from it or from another going in', () => {
    const apart = new Set([pairKey('a', 'c'), pairKey('b', 'd')]);
    expect(mergeableInto('a', ['a', 'b', 'c', 'd'], apart)).toEqual({ merge: ['b'], leftOut: ['c', 'd'] });
    expect(mergeableInto('b', ['a', 'b', 'c'], apart)).toEqual({ merge: ['a'], leftOut: ['c'] });
  });
});
