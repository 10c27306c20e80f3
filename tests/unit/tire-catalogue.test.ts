import { describe, expect, it } from 'vitest';
import { tireCategories, webTireCategories, type TireCategory } from '../../src/contract/enums.ts';
import {
  currentDataSourceSystems,
  dataSourceSystems,
  isTireSubcategory,
  obsoleteDataSourceSystems,
  subcategoriesOf,
  tireSubcategories,
  tireSubcategoryLabel,
} from '../../src/contract/tire-catalogue.ts';

describe('tire categories (spec section 3)', () => {
  it.each([
    ['AllTerrain', 'All-Terrain'],
    ['ATV', 'ATV/UTV'],
    ['Farm', 'Farm'],
    ['Industrial', 'Industrial'],
    ['LG', 'Lawn & Garden'],
    ['OTR', 'Off-the-Road (OTR)'],
    ['Performance', 'Performance'],
    ['TBRAP', 'Medium Truck All Position'],
    ['TBRDrive', 'Medium Truck Drive'],
    ['TBRSteer', 'Medium Truck Steer'],
    ['TBRTrailer', 'Medium Truck Trailer'],
    ['Tour', 'Touring'],
    ['Trailer', 'Trailer'],
    ['Winter', 'Winter/Snow'],
  ] as const)('%s reads "%s"', (value, label) => {
    expect(tireCategories.schema.parse(value)).toBe(value);
    expect(tireCategories.label(value)).toBe(label);
  });

  it("are the spec's fourteen, in its order, and nothing else", () => {
    expect(tireCategories.values).toEqual([
      'AllTerrain',
      'ATV',
      'Farm',
      'Industrial',
      'LG',
      'OTR',
      'Performance',
      'TBRAP',
      'TBRDrive',
      'TBRSteer',
      'TBRTrailer',
      'Tour',
      'Trailer',
      'Winter',
    ]);
    expect(tireCategories.schema.safeParse('Tractor').success).toBe(false);
  });
});

describe('web tire categories (spec section 3)', () => {
  it.each([
    ['AllSeason', 'All-Season'],
    ['AllTerrain', 'All-Terrain'],
    ['AllWeather', 'All-Weather'],
    ['Performance', 'Performance'],
    ['Winter', 'Winter'],
  ] as const)('%s reads "%s"', (value, label) => {
    expect(webTireCategories.schema.parse(value)).toBe(value);
    expect(webTireCategories.label(value)).toBe(label);
  });

  it("are the spec's five and nothing else", () => {
    expect(webTireCategories.values).toEqual(['AllSeason', 'AllTerrain', 'AllWeather', 'Performance', 'Winter']);
  });
});

/** The spec's list of subcategories by category (section 3), with the drive shoulder variants named as decided. */
const specSubcategories: Record<TireCategory, string[]> = {
  AllTerrain: ['AT', 'Commercial', 'MT', 'RT'],
  ATV: ['ATV'],
  Farm: ['F1', 'F2', 'F2D', 'F2M', 'F3', 'FI', 'HF1', 'HF2', 'HF3', 'HF4', 'I1', 'I2', 'I3', 'I6', 'MPT', 'R1', 'R1I', 'R1W', 'R2', 'R3', 'R4'],
  Industrial: ['Gripper', 'MobileCrane', 'PremiumLug', 'SolidLug', 'SolidSmooth', 'StandardLug'],
  LG: ['KnobbyStud', 'LazySTurf', 'Sawtooth', 'Smooth', 'Turf', 'Wheelbarrow'],
  OTR: ['Excavator', 'Military', 'Skidder', 'SmoothL4', 'SmoothL5', 'TractionE3L3', 'TractionE4', 'TractionG2L2', 'TractionL4', 'TractionL5'],
  Performance: ['Competition', 'Extreme', 'High', 'HighA_S', 'Max', 'Performance', 'Truck', 'TruckA_S', 'Ultra', 'UltraA_S'],
  TBRAP: ['Local', 'LongHaul', 'OnOff', 'Regional'],
  TBRDrive: ['Local', 'LongHaul', 'OnOff', 'Regional'].flatMap((s) => [s, `${s}ClosedShoulder`, `${s}OpenShoulder`]),
  TBRSteer: ['Local', 'LongHaul', 'OnOff', 'Regional'],
  TBRTrailer: ['Local', 'LongHaul', 'OnOff', 'Regional'],
  Tour: ['CommercialLT_Van', 'FourSeasonPass', 'FourSeasonTruck', 'GrandA_S', 'GrandSummer', 'Highway', 'HighwayRib', 'Passenger', 'Standard', 'SUV'],
  Trailer: ['LPT', 'STTrailer', 'Trailer'],
  Winter: ['Performance', 'Studdable', 'Studded', 'Studless'].flatMap((s) => [s, `${s}LT`]),
};

describe('tire subcategories (spec section 3)', () => {
  it("are the spec's list, named Category_Type, category by category (about 100)", () => {
    expect(tireSubcategories.values).toEqual(Object.entries(specSubcategories).flatMap(([category, types]) => types.map((t) => `${category}_${t}`)));
    expect(tireSubcategories.values).toHaveLength(103);
    expect(new Set(tireSubcategories.values).size).toBe(tireSubcategories.values.length);
  });

  it.each(tireSubcategories.values)('%s has a label of its own and knows its category', (value) => {
    const label = tireSubcategories.label(value);
    expect(label).toMatch(/^[A-Z][\w &/().,-]+$/);
    expect(label).not.toBe(value);
    expect(label).not.toContain('_');
    const category = tireSubcategories.category(value);
    expect(tireCategories.values).toContain(category);
    expect(value.startsWith(`${category}_`)).toBe(true);
    expect(subcategoriesOf(category)).toContain(value);
  });

  it('gives no two subcategories of a category the same label', () => {
    for (const category of tireCategories.values) {
      const labels = subcategoriesOf(category).map(tireSubcategories.label);
      expect(new Set(labels).size, category).toBe(labels.length);
    }
  });

  it.each([
    ['AllTerrain_AT', 'All-Terrain'],
    ['AllTerrain_MT', 'Mud-Terrain'],
    ['AllTerrain_RT', 'Rugged-Terrain'],
    ['Farm_HF1', 'HF-1 High Flotation'],
    ['Farm_R1W', 'R-1W Rear Tractor (Wet Traction)'],
    ['Performance_HighA_S', 'High Performance All-Season'],
    ['Performance_UltraA_S', 'Ultra High Performance All-Season'],
    ['TBRDrive_LongHaul', 'Drive Long Haul'],
    ['TBRDrive_LocalClosedShoulder', 'Drive Local (Closed Shoulder)'],
    ['TBRDrive_LocalOpenShoulder', 'Drive Local (Open Shoulder)'],
    ['TBRSteer_OnOff', 'Steer On/Off Road'],
    ['Tour_CommercialLT_Van', 'Commercial Light Truck/Van'],
    ['Tour_GrandA_S', 'Grand Touring All-Season'],
    ['Trailer_STTrailer', 'Special Trailer (ST)'],
    ['Winter_Studdable', 'Studdable'],
    ['Winter_StuddableLT', 'Studdable (Light Truck)'],
    ['Winter_StudlessLT', 'Studless (Light Truck)'],
  ] as const)('%s reads "%s"', (value, label) => {
    expect(tireSubcategories.label(value)).toBe(label);
  });

  it.each([
    ['Farm_HF1', 'Farm'],
    ['Tour_CommercialLT_Van', 'Tour'],
    ['Performance_TruckA_S', 'Performance'],
    ['TBRDrive_RegionalOpenShoulder', 'TBRDrive'],
    ['TBRAP_Regional', 'TBRAP'],
    ['LG_LazySTurf', 'LG'],
    ['Winter_PerformanceLT', 'Winter'],
  ] as const)('%s belongs to %s', (value, category) => {
    expect(tireSubcategories.category(value)).toBe(category);
  });

  it("offers a category's subcategories once it is picked, in the spec's order", () => {
    expect(subcategoriesOf('AllTerrain')).toEqual(['AllTerrain_AT', 'AllTerrain_Commercial', 'AllTerrain_MT', 'AllTerrain_RT']);
    expect(subcategoriesOf('Trailer')).toEqual(['Trailer_LPT', 'Trailer_STTrailer', 'Trailer_Trailer']);
    expect(subcategoriesOf('TBRDrive')).toHaveLength(12);
    expect(subcategoriesOf('Winter')).toHaveLength(8);
  });

  it('labels a stored subcategory text, showing one it does not know as it is', () => {
    expect(tireSubcategoryLabel('Winter_StuddableLT')).toBe('Studdable (Light Truck)');
    expect(tireSubcategoryLabel('Winter_Chains')).toBe('Winter_Chains');
    expect(tireSubcategoryLabel(null)).toBe('');
    expect(isTireSubcategory('Farm_R4')).toBe(true);
    expect(isTireSubcategory('toString')).toBe(false);
    expect(tireSubcategories.schema.safeParse('Farm_R5').success).toBe(false);
  });
});

describe('data source systems (spec section 3)', () => {
  it.each([
    ['Unknown', 'Unknown (obsolete)'],
    ['CoopDomeInventoryCsv', 'CoopDome Inventory CSV'],
    ['TireFactoryDynamics', 'Tire Factory Dynamics'],
    ['AmericanTireDistributors', 'American Tire Distributors'],
    ['AsaAutomotive', 'ASA Automotive'],
    ['Nexen', 'Nexen'],
    ['Kumho', 'Kumho'],
    ['Traction', 'Traction'],
    ['TGPSolutions', 'TGP Solutions'],
    ['TireTechPlus', 'TireTech Plus'],
    ['CoopDome', 'CoopDome (entered through the UI)'],
    ['RawSql', 'Raw SQL'],
    ['CoopDomeInventory', 'CoopDome Inventory'],
    ['Nokian', 'Nokian'],
  ] as const)('%s reads "%s"', (value, label) => {
    expect(dataSourceSystems.schema.parse(value)).toBe(value);
    expect(dataSourceSystems.label(value)).toBe(label);
  });

  it("are the spec's fourteen in its order; Unknown is obsolete and never offered for a new row", () => {
    expect(dataSourceSystems.values).toHaveLength(14);
    expect(obsoleteDataSourceSystems).toEqual(['Unknown']);
    expect(currentDataSourceSystems).not.toContain('Unknown');
    expect(currentDataSourceSystems).toHaveLength(13);
  });
});
