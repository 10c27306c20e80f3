import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions['injectManifest']>['manifestTransforms']>[number];

/**
 * Screens a store's day does not need to open offline: the customers' pages (online only), the platform's admin,
 * the dashboard, help and Retail Management. The service worker keeps their code after it took the page.
 */
const laterScreens = [/\/src\/features\/(public|admin|dashboard|help|retail)\//];

/** The chunks and style files only the later screens reach, found by the main build for the manifest step. */
let laterFiles: Set<string> | null = null;

interface ChunkLike {
  type: 'chunk';
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The chunks (and their styles) reached from `roots` through static imports, and dynamic ones `follow` allows. */
function reached(chunks: Map<string, ChunkLike>, roots: string[], follow: (target: ChunkLike) => boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = chunks.get(name);
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
    chunk.imports.forEach(visit);
    chunk.dynamicImports.filter((target) => chunks.has(target) && follow(chunks.get(target)!)).forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * Finds the files only the later screens reach, from the app's import graph: every chunk reached from the entry
 * through static imports, or dynamic imports of the other screens, is needed to open offline, with its styles.
 * Anything else of the build (the sync worker's own build, icons) is needed too.
 */
export function offlinePriority(): Plugin {
  return {
    name: 'alltrac:offline-priority',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.entries(bundle).filter(([, file]) => file.type === 'chunk') as [string, ChunkLike][]);
      // The staff app's start: the customers' pages start from public.html, a day needs none of theirs.
      const entries = [...chunks].filter(([, chunk]) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html')).map(([name]) => name);
      if (!entries.length) return;
      const storeDay = reached(chunks, entries, (target) => !laterScreens.some((p) => p.test(target.facadeModuleId ?? '')));
      // Every other chunk of this build, the customers' pages' own start (public.html) included, and its styles.
      const everything = reached(chunks, [...chunks.keys()], () => true);
      laterFiles = new Set([...everything].filter((name) => !storeDay.has(name)));
    },
  };
}

/** vite-plugin-pwa's manifest step: the files only the later screens need carry `later: true` (sw/sw.ts reads it). */
export const markLaterFiles: ManifestTransform = (entries) => {
  if (!laterFiles) throw new Error('The service worker is built before the app: which files are needed later is not known.');
  const later = laterFiles;
  return { manifest: entries.map((entry) => (later.has(entry.url) ? { ...entry, later: true } : entry)), warnings: [] };
};
