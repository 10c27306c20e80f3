import type { z } from 'zod';
import { defineEnum, tireCategories, type TireCategory } from './enums.ts';

/*
 * The tire catalogue's enumerations beyond the categories (spec section 3): tire subcategory and data source
 * system, each value as the spec writes it and each with a label a store person reads. Every label is written
 * out: a name such as `TBRDrive_LongHaulOpenShoulder` is never shown at the counter.
 */

/**
 * Every subcategory, named `Category_Type`, with its label. Identifiers are the spec's: an underscore inside
 * the type stands for a slash (`HighA_S` is High A/S, `CommercialLT_Van` is Commercial LT/Van), and labels
 * spell A/S out as All-Season. Farm labels lead with the industry code (R-1W, F-2M…) that farm customers ask
 * for by name.
 *
 * Naming decision for drive tires, which the spec says come by service and also with closed and open shoulder
 * variants: the service comes first and the shoulder is spelled out after it (`TBRDrive_LongHaulOpenShoulder`,
 * `TBRDrive_LocalClosedShoulder`); the plain `TBRDrive_LongHaul` stays for a drive tire whose shoulder is not
 * stated. The other truck positions (all position, steer, trailer) have only the four services.
 */
const subcategoryLabels = {
  AllTerrain_AT: 'All-Terrain',
  AllTerrain_Commercial: 'Commercial All-Terrain',
  AllTerrain_MT: 'Mud-Terrain',
  AllTerrain_RT: 'Rugged-Terrain',

  ATV_ATV: 'ATV/UTV',

  Farm_F1: 'F-1 Front Steer (Single Rib)',
  Farm_F2: 'F-2 Front Steer (Three Rib)',
  Farm_F2D: 'F-2D Front Steer',
  Farm_F2M: 'F-2M Front Steer (Multi Rib)',
  Farm_F3: 'F-3 Industrial Front Steer',
  Farm_FI: 'FI Farm Implement',
  Farm_HF1: 'HF-1 High Flotation',
  Farm_HF2: 'HF-2 High Flotation',
  Farm_HF3: 'HF-3 High Flotation',
  Farm_HF4: 'HF-4 High Flotation',
  Farm_I1: 'I-1 Implement (Rib)',
  Farm_I2: 'I-2 Implement (Moderate Traction)',
  Farm_I3: 'I-3 Implement (Traction)',
  Farm_I6: 'I-6 Implement (Smooth)',
  Farm_MPT: 'MPT Multi-Purpose Tractor',
  Farm_R1: 'R-1 Rear Tractor (Regular Tread)',
  Farm_R1I: 'R-1I Rear Tractor',
  Farm_R1W: 'R-1W Rear Tractor (Wet Traction)',
  Farm_R2: 'R-2 Rear Tractor (Rice & Cane)',
  Farm_R3: 'R-3 Rear Tractor (Turf)',
  Farm_R4: 'R-4 Industrial Tractor',

  Industrial_Gripper: 'Gripper',
  Industrial_MobileCrane: 'Mobile Crane',
  Industrial_PremiumLug: 'Premium Lug',
  Industrial_SolidLug: 'Solid Lug',
  Industrial_SolidSmooth: 'Solid Smooth',
  Industrial_StandardLug: 'Standard Lug',

  LG_KnobbyStud: 'Knobby Stud',
  LG_LazySTurf: 'Lazy-S Turf',
  LG_Sawtooth: 'Sawtooth',
  LG_Smooth: 'Smooth',
  LG_Turf: 'Turf',
  LG_Wheelbarrow: 'Wheelbarrow',

  OTR_Excavator: 'Excavator',
  OTR_Military: 'Military',
  OTR_Skidder: 'Skidder',
  OTR_SmoothL4: 'Smooth L-4',
  OTR_SmoothL5: 'Smooth L-5',
  OTR_TractionE3L3: 'Traction E-3/L-3',
  OTR_TractionE4: 'Traction E-4',
  OTR_TractionG2L2: 'Traction G-2/L-2',
  OTR_TractionL4: 'Traction L-4',
  OTR_TractionL5: 'Traction L-5',

  Performance_Competition: 'Competition',
  Performance_Extreme: 'Extreme Performance',
  Performance_High: 'High Performance',
  Performance_HighA_S: 'High Performance All-Season',
  Performance_Max: 'Max Performance',
  Performance_Performance: 'Performance',
  Performance_Truck: 'Performance Truck',
  Performance_TruckA_S: 'Performance Truck All-Season',
  Performance_Ultra: 'Ultra High Performance',
  Performance_UltraA_S: 'Ultra High Performance All-Season',

  TBRAP_Local: 'All Position Local',
  TBRAP_LongHaul: 'All Position Long Haul',
  TBRAP_OnOff: 'All Position On/Off Road',
  TBRAP_Regional: 'All Position Regional',

  TBRDrive_Local: 'Drive Local',
  TBRDrive_LocalClosedShoulder: 'Drive Local (Closed Shoulder)',
  TBRDrive_LocalOpenShoulder: 'Drive Local (Open Shoulder)',
  TBRDrive_LongHaul: 'Drive Long Haul',
  TBRDrive_LongHaulClosedShoulder: 'Drive Long Haul (Closed Shoulder)',
  TBRDrive_LongHaulOpenShoulder: 'Drive Long Haul (Open Shoulder)',
  TBRDrive_OnOff: 'Drive On/Off Road',
  TBRDrive_OnOffClosedShoulder: 'Drive On/Off Road (Closed Shoulder)',
  TBRDrive_OnOffOpenShoulder: 'Drive On/Off Road (Open Shoulder)',
  TBRDrive_Regional: 'Drive Regional',
  TBRDrive_RegionalClosedShoulder: 'Drive Regional (Closed Shoulder)',
  TBRDrive_RegionalOpenShoulder: 'Drive Regional (Open Shoulder)',

  TBRSteer_Local: 'Steer Local',
  TBRSteer_LongHaul: 'Steer Long Haul',
  TBRSteer_OnOff: 'Steer On/Off Road',
  TBRSteer_Regional: 'Steer Regional',

  TBRTrailer_Local: 'Truck Trailer Local',
  TBRTrailer_LongHaul: 'Truck Trailer Long Haul',
  TBRTrailer_OnOff: 'Truck Trailer On/Off Road',
  TBRTrailer_Regional: 'Truck Trailer Regional',

  Tour_CommercialLT_Van: 'Commercial Light Truck/Van',
  Tour_FourSeasonPass: 'Four-Season Passenger',
  Tour_FourSeasonTruck: 'Four-Season Truck',
  Tour_GrandA_S: 'Grand Touring All-Season',
  Tour_GrandSummer: 'Grand Touring Summer',
  Tour_Highway: 'Highway',
  Tour_HighwayRib: 'Highway Rib',
  Tour_Passenger: 'Passenger',
  Tour_Standard: 'Standard Touring',
  Tour_SUV: 'SUV Touring',

  Trailer_LPT: 'Low Platform Trailer',
  Trailer_STTrailer: 'Special Trailer (ST)',
  Trailer_Trailer: 'Trailer',

  Winter_Performance: 'Performance Winter',
  Winter_PerformanceLT: 'Performance Winter (Light Truck)',
  Winter_Studdable: 'Studdable',
  Winter_StuddableLT: 'Studdable (Light Truck)',
  Winter_Studded: 'Studded',
  Winter_StuddedLT: 'Studded (Light Truck)',
  Winter_Studless: 'Studless',
  Winter_StudlessLT: 'Studless (Light Truck)',
} as const satisfies Record<`${TireCategory}_${string}`, string>;

export type TireSubcategory = keyof typeof subcategoryLabels;
/** The category a subcategory belongs to: the part of its name before the first underscore. */
export type CategoryOf<S extends TireSubcategory> = S extends `${infer C}_${string}` ? C : never;

export const tireSubcategories = {
  ...defineEnum(Object.keys(subcategoryLabels) as [TireSubcategory, ...TireSubcategory[]], { labels: subcategoryLabels }),
  /** The category a subcategory belongs to (`Farm_HF1` → Farm). */
  category: <S extends TireSubcategory>(value: S): CategoryOf<S> => value.slice(0, value.indexOf('_')) as CategoryOf<S>,
};

const byCategory = new Map<TireCategory, TireSubcategory[]>(tireCategories.values.map((c) => [c, []]));
for (const value of tireSubcategories.values) byCategory.get(tireSubcategories.category(value))!.push(value);

/** The subcategories of a category, in the spec's order: the choices once a category is picked. */
export const subcategoriesOf = (category: TireCategory): readonly TireSubcategory[] => byCategory.get(category)!;

/** Whether a stored text (the tire row keeps subcategory as free text) is one of the spec's subcategories. */
export const isTireSubcategory = (text: string | null | undefined): text is TireSubcategory => text != null && Object.hasOwn(subcategoryLabels, text);

/** The label of a stored subcategory; a value the catalogue does not know is shown as it is, and none as ''. */
export const tireSubcategoryLabel = (text: string | null | undefined): string => (isTireSubcategory(text) ? tireSubcategories.label(text) : (text ?? ''));

/**
 * Where a catalogue row came from: a distributor's or maker's feed, or (CoopDome) a person entering it
 * through the UI. Unknown is obsolete: kept so old rows still read, never offered for a new one.
 */
export const dataSourceSystems = defineEnum(
  [
    'Unknown',
    'CoopDomeInventoryCsv',
    'TireFactoryDynamics',
    'AmericanTireDistributors',
    'AsaAutomotive',
    'Nexen',
    'Kumho',
    'Traction',
    'TGPSolutions',
    'TireTechPlus',
    'CoopDome',
    'RawSql',
    'CoopDomeInventory',
    'Nokian',
  ],
  {
    labels: {
      Unknown: 'Unknown (obsolete)',
      CoopDomeInventoryCsv: 'CoopDome Inventory CSV',
      TireFactoryDynamics: 'Tire Factory Dynamics',
      AmericanTireDistributors: 'American Tire Distributors',
      AsaAutomotive: 'ASA Automotive',
      Nexen: 'Nexen',
      Kumho: 'Kumho',
      Traction: 'Traction',
      TGPSolutions: 'TGP Solutions',
      TireTechPlus: 'TireTech Plus',
      CoopDome: 'CoopDome (entered through the UI)',
      RawSql: 'Raw SQL',
      CoopDomeInventory: 'CoopDome Inventory',
      Nokian: 'Nokian',
    },
  },
);
export type DataSourceSystem = z.infer<typeof dataSourceSystems.schema>;

/** Data sources kept only so old rows read: never offered for a new row. */
export const obsoleteDataSourceSystems: readonly DataSourceSystem[] = ['Unknown'];
/** The data sources a new catalogue row may name. */
export const currentDataSourceSystems = dataSourceSystems.values.filter((s) => !obsoleteDataSourceSystems.includes(s));

/**
 * The load ranges a light-truck, trailer or commercial tire is made in, lightest first (B is 4-ply rated, each
 * letter two plies more: E is 10-ply). The catalogue's tire keeps its own, or none (passenger tires, and feeds
 * that do not give it): issue 46 item 7.
 */
export const tireLoadRanges = ['B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'L', 'M', 'N'] as const;
export type TireLoadRange = (typeof tireLoadRanges)[number];
