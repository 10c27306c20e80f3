import * as Comlink from 'comlink';
import { useCallback, useEffect, useState } from 'react';

export type FigureCallbacks<Figures> = [
  onFigures: ((figures: Figures) => void) & Comlink.ProxyMarked,
  onError: ((message: string) => void) & Comlink.ProxyMarked,
];

export interface WorkerFigures<Figures> {
  /** The latest figures, undefined until the first arrive; kept while new ones are worked out. */
  figures: Figures | undefined;
  error: string | null;
  /** The figures are of the key asked for (false while another key's stay on screen). */
  current: boolean;
  /** Starts the watch again (after an error). */
  retry: () => void;
}

interface State<Figures> {
  key: string | null;
  figures: Figures | undefined;
  error: string | null;
}

/**
 * Figures the sync worker works out and sends again as their rows change (workers/live-watch.ts). `start` asks
 * the worker to watch, handing it the callbacks; `key` names what is watched (a store, a period): a new key
 * stops the old watch. Figures of an earlier key never land after a newer key's, nor pass for them.
 */
export function useWorkerFigures<Figures>(
  key: string | null,
  start: (...callbacks: FigureCallbacks<Figures>) => Promise<() => unknown>,
): WorkerFigures<Figures> {
  const [state, setState] = useState<State<Figures>>({ key, figures: undefined, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    // An error keeps this key's figures on screen, never another key's under this key's name.
    const failed = (error: string) => setState((s) => ({ key, error, figures: s.key === key ? s.figures : undefined }));
    const onFigures = Comlink.proxy((figures: Figures) => {
      if (live) setState({ key, figures, error: null });
    });
    const onError = Comlink.proxy((error: string) => {
      if (live) failed(error);
    });
    const stop = start(onFigures, onError);
    stop.catch((error: unknown) => {
      if (live) failed(error instanceof Error ? error.message : String(error));
    });
    return () => {
      live = false;
      void stop
        .then((s) => {
          s();
          (s as Partial<Record<typeof Comlink.releaseProxy, () => void>>)[Comlink.releaseProxy]?.();
        })
        .catch(() => undefined);
    };
    // `start` is a new function each render; `key` (and a retry) say when the watch changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Another key's figures stay on screen (the caller says they are not current) until this key's arrive.
  return { figures: state.figures, error: state.key === key ? state.error : null, current: state.key === key && state.figures !== undefined, retry };
}
