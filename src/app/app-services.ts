import { createContext, useContext } from 'react';

/** What the shell needs from the boot code: signing out (ends the provider session too). */
export interface AppServices {
  signOut(): Promise<void>;
  supportPhone: string;
  /** The startup settings' maps key (the General settings show the store's map with it). */
  mapsKey: string;
}

export const AppServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices outside the app');
  return services;
}
