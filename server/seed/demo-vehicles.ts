import type { Faker } from '@faker-js/faker';
import { vinCheckDigit } from '../../src/domain/people/vin.ts';

/**
 * A model as US stores see it: the model years it was sold in this generation, the size on the sidewall of its
 * usual trim, and the maker's code (WMI) that starts its VINs, so a demo vehicle reads like one in the lot.
 */
interface DemoModel {
  make: string;
  model: string;
  from: number;
  to: number;
  tireSize: string;
  wmi: string;
}

export const demoModels: readonly DemoModel[] = [
  { make: 'Toyota', model: 'Camry', from: 2012, to: 2025, tireSize: '215/55R17', wmi: '4T1' },
  { make: 'Toyota', model: 'Corolla', from: 2014, to: 2019, tireSize: '205/55R16', wmi: '2T1' },
  { make: 'Toyota', model: 'RAV4', from: 2013, to: 2025, tireSize: '225/65R17', wmi: '2T3' },
  { make: 'Toyota', model: 'Tacoma', from: 2016, to: 2023, tireSize: '265/70R16', wmi: '3TM' },
  { make: 'Toyota', model: 'Highlander', from: 2008, to: 2019, tireSize: '245/65R17', wmi: '5TD' },
  { make: 'Toyota', model: 'Tundra', from: 2014, to: 2021, tireSize: '255/70R18', wmi: '5TF' },
  { make: 'Toyota', model: 'Prius', from: 2010, to: 2022, tireSize: '195/65R15', wmi: 'JTD' },
  { make: 'Toyota', model: 'Sienna', from: 2011, to: 2020, tireSize: '235/60R17', wmi: '5TD' },
  { make: 'Honda', model: 'Civic', from: 2016, to: 2025, tireSize: '215/55R16', wmi: '2HG' },
  { make: 'Honda', model: 'Accord', from: 2018, to: 2025, tireSize: '225/50R17', wmi: '1HG' },
  { make: 'Honda', model: 'CR-V', from: 2017, to: 2022, tireSize: '235/65R17', wmi: '5J6' },
  { make: 'Honda', model: 'Pilot', from: 2016, to: 2022, tireSize: '245/60R18', wmi: '5FN' },
  { make: 'Honda', model: 'Odyssey', from: 2018, to: 2025, tireSize: '235/60R18', wmi: '5FN' },
  { make: 'Ford', model: 'F-150', from: 2015, to: 2025, tireSize: 'P265/70R17', wmi: '1FT' },
  { make: 'Ford', model: 'Escape', from: 2013, to: 2019, tireSize: '235/55R17', wmi: '1FM' },
  { make: 'Ford', model: 'Explorer', from: 2011, to: 2019, tireSize: '245/65R17', wmi: '1FM' },
  { make: 'Ford', model: 'Fusion', from: 2013, to: 2020, tireSize: '235/50R17', wmi: '3FA' },
  { make: 'Ford', model: 'Focus', from: 2012, to: 2018, tireSize: '215/55R16', wmi: '1FA' },
  { make: 'Ford', model: 'Edge', from: 2015, to: 2023, tireSize: '245/60R18', wmi: '2FM' },
  { make: 'Ford', model: 'Ranger', from: 2019, to: 2023, tireSize: '255/70R16', wmi: '1FT' },
  { make: 'Chevrolet', model: 'Silverado 1500', from: 2014, to: 2025, tireSize: '265/70R17', wmi: '1GC' },
  { make: 'Chevrolet', model: 'Equinox', from: 2018, to: 2024, tireSize: '225/65R17', wmi: '2GN' },
  { make: 'Chevrolet', model: 'Malibu', from: 2016, to: 2024, tireSize: '205/65R16', wmi: '1G1' },
  { make: 'Chevrolet', model: 'Tahoe', from: 2015, to: 2020, tireSize: '265/65R18', wmi: '1GN' },
  { make: 'Chevrolet', model: 'Traverse', from: 2018, to: 2023, tireSize: '255/65R18', wmi: '1GN' },
  { make: 'Chevrolet', model: 'Impala', from: 2014, to: 2020, tireSize: '235/50R18', wmi: '1G1' },
  { make: 'GMC', model: 'Sierra 1500', from: 2014, to: 2025, tireSize: '265/70R17', wmi: '3GT' },
  { make: 'Ram', model: '1500', from: 2019, to: 2025, tireSize: '275/65R18', wmi: '1C6' },
  { make: 'Dodge', model: 'Grand Caravan', from: 2011, to: 2020, tireSize: '225/65R17', wmi: '2C4' },
  { make: 'Dodge', model: 'Durango', from: 2014, to: 2025, tireSize: '265/60R18', wmi: '1C4' },
  { make: 'Chrysler', model: 'Pacifica', from: 2017, to: 2025, tireSize: '235/65R17', wmi: '2C4' },
  { make: 'Chrysler', model: 'PT Cruiser', from: 2001, to: 2010, tireSize: '205/55R16', wmi: '3A4' },
  { make: 'Jeep', model: 'Wrangler', from: 2007, to: 2018, tireSize: '245/75R17', wmi: '1C4' },
  { make: 'Jeep', model: 'Grand Cherokee', from: 2011, to: 2021, tireSize: '245/70R17', wmi: '1C4' },
  { make: 'Jeep', model: 'Cherokee', from: 2014, to: 2023, tireSize: '225/60R17', wmi: '1C4' },
  { make: 'Nissan', model: 'Altima', from: 2013, to: 2018, tireSize: '215/60R16', wmi: '1N4' },
  { make: 'Nissan', model: 'Rogue', from: 2014, to: 2020, tireSize: '225/65R17', wmi: '5N1' },
  { make: 'Nissan', model: 'Sentra', from: 2013, to: 2019, tireSize: '205/55R16', wmi: '3N1' },
  { make: 'Nissan', model: 'Frontier', from: 2005, to: 2021, tireSize: '265/75R16', wmi: '1N6' },
  { make: 'Subaru', model: 'Outback', from: 2015, to: 2025, tireSize: '225/65R17', wmi: '4S4' },
  { make: 'Subaru', model: 'Forester', from: 2019, to: 2025, tireSize: '225/60R17', wmi: 'JF2' },
  { make: 'Subaru', model: 'Crosstrek', from: 2018, to: 2025, tireSize: '225/60R17', wmi: 'JF2' },
  { make: 'Hyundai', model: 'Elantra', from: 2017, to: 2025, tireSize: '205/55R16', wmi: '5NP' },
  { make: 'Hyundai', model: 'Sonata', from: 2015, to: 2019, tireSize: '205/65R16', wmi: '5NP' },
  { make: 'Hyundai', model: 'Tucson', from: 2016, to: 2021, tireSize: '225/60R17', wmi: 'KM8' },
  { make: 'Hyundai', model: 'Santa Fe', from: 2019, to: 2023, tireSize: '235/65R17', wmi: '5NM' },
  { make: 'Kia', model: 'Sorento', from: 2016, to: 2020, tireSize: '235/65R17', wmi: '5XY' },
  { make: 'Kia', model: 'Soul', from: 2014, to: 2019, tireSize: '205/60R16', wmi: 'KND' },
  { make: 'Kia', model: 'Optima', from: 2016, to: 2020, tireSize: '205/65R16', wmi: '5XX' },
  { make: 'Volkswagen', model: 'Jetta', from: 2011, to: 2018, tireSize: '205/55R16', wmi: '3VW' },
  { make: 'Mazda', model: 'CX-5', from: 2017, to: 2025, tireSize: '225/65R17', wmi: 'JM3' },
  { make: 'Tesla', model: 'Model 3', from: 2018, to: 2025, tireSize: '235/45R18', wmi: '5YJ' },
];

const vinChars = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'];
const yearCodes = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * A VIN a scanner would accept for a vehicle of `year` by the maker `wmi`: its year code (a letter in the 7th
 * place marks the cycle from 2010, a digit the one before) and its check digit right.
 */
function demoVin(faker: Faker, wmi: string, year: number): string {
  const chars = [...wmi, ...faker.helpers.multiple(() => faker.helpers.arrayElement(vinChars), { count: 14 })];
  chars[6] = faker.helpers.arrayElement(year >= 2010 ? vinChars.slice(0, 23) : vinChars.slice(23));
  chars[9] = yearCodes[(year - (year >= 2010 ? 2010 : 1980)) % 30]!;
  const vin = chars.join('');
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
}

/** A vehicle of a real model, of one of its model years, on its usual tire size. */
export function demoVehicle(faker: Faker): { year: number; make: string; model: string; tireSize: string; vin: string } {
  const m = faker.helpers.arrayElement(demoModels);
  const year = faker.number.int({ min: m.from, max: m.to });
  return { year, make: m.make, model: m.model, tireSize: m.tireSize, vin: demoVin(faker, m.wmi, year) };
}

/** A plate in the pattern its state issues (Illinois: two letters and five digits; Oregon: three digits, three letters). */
export function demoPlate(faker: Faker, state: string): string {
  const letters = (count: number) => faker.string.alpha({ length: count, casing: 'upper', exclude: ['I', 'O', 'Q'] });
  if (state === 'IL') return `${letters(2)} ${faker.string.numeric({ length: 5, allowLeadingZeros: false })}`;
  if (state === 'OR') return `${faker.string.numeric({ length: 3, allowLeadingZeros: false })} ${letters(3)}`;
  return `${letters(3)}${faker.string.numeric(4)}`;
}
