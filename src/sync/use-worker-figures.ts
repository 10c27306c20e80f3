import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';

export type FigureCallbacks<Figures> = [onFigures: ((figures: Figures) => void) & Comlink.ProxyMarked, onError: ((message: string) => void) & Comlink.ProxyMarked];

export interface WorkerFigures<Figures> {
  /** The latest figures, undefined until the first arrive; kept while new ones are worked out. */
  figures: Figures | undefined;
  error: string | null;
  /** The figures are of the key asked for (false while another key's stay on screen). */
  current: boolean;
}

/**
 * Figures the sync worker works out and sends again as their rows change (workers/live-watch.ts). `start` asks
 * the worker to watch, handing it the callbacks; `key` names what is watched (a store, a period): a new key
 * stops the old watch. Figures of an earlier key never land after a newer key's.
 */
export function useWorkerFigures<Figures>(key: string | null, start: (...callbacks: FigureCallbacks<Figures>) => Promise<() => unknown>): WorkerFigures<Figures> {
  const [state, setState] = useState<{ key: string | null; figures: Figures | undefined; error: string | null }>({ key, figures: undefined, error: null });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    const onFigures = Comlink.proxy((figures: Figures) => { if (live) setState({ key, figures, error: null }); });
    const onError = Comlink.proxy((error: string) => { if (live) setState((s) => ({ ...s, key, error })); });
    const stop = start(onFigures, onError);
    stop.catch((error: unknown) => { if (live) setState((s) => ({ ...s, key, error: error instanceof Error ? error.message : String(error) })); });
    return () => {
      live = false;
      void stop.then((s) => s()).catch(() => undefined);
    };
    // `start` is a new function each render; `key` says when the watch changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // Another key's figures stay on screen (dimmed by the caller) until this key's arrive: a period picked does not blank the page.
  return { figures: state.figures, error: state.key === key ? state.error : null, current: state.key === key && state.figures !== undefined };
}
