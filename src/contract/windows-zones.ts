import { WINDOWS_TO_IANA_MAP } from 'windows-iana';

/**
 * Each Windows time-zone name (a store's timeZone, spec section 3) with its main IANA zone: CLDR's entry for
 * territory 001, the zone `findIana` lists first. Read from the map alone so that the package's alias table
 * (about half of its code, which none of our answers needs) stays out of the first paint's JS.
 */
const mainIanaZones = new Map(WINDOWS_TO_IANA_MAP.filter((zone) => zone.territory === '001').map((zone) => [zone.windowsName as string, zone.iana[0]!]));

/** The main IANA zone of a Windows zone name, or undefined for a name Windows does not have. */
export const mainIanaZone = (windowsZone: string): string | undefined => mainIanaZones.get(windowsZone);

/** Every Windows zone name, each with its main IANA zone. */
export const windowsZones = (): [windowsZone: string, iana: string][] => [...mainIanaZones];
