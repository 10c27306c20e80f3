import * as Comlink from 'comlink';
import { liveQuery } from 'dexie';

export interface FigureWatch<Rows, Figures> {
  /** Reads the rows the figures need; runs again whenever a table it read changes, in any tab or worker. */
  read: () => Promise<Rows>;
  /** The figures from the rows as of `now` (pure: src/domain). */
  compute: (rows: Rows, now: Date) => Figures;
  onFigures: (figures: Figures) => void;
  onError: (message: string) => void;
  clock?: () => Date;
  /**
   * Figures that read the clock (minutes waited, which day is today) are computed again this often without a
   * new read; 0 for figures of a fixed period.
   */
  tickMs?: number;
}

export type StopWatch = (() => void) & Comlink.ProxyMarked;

/**
 * Figures worked out in the sync worker over rows a live query reads, sent to a screen as they change: the
 * screen's thread only draws them. A new read computes at once; a tick computes again from the rows in hand.
 * Answers the function that stops it (a Comlink proxy, so the screen calls it across the worker boundary).
 */
export function watchFigures<Rows, Figures>(watch: FigureWatch<Rows, Figures>): StopWatch {
  const clock = watch.clock ?? (() => new Date());
  let rows: { value: Rows } | null = null;
  let stopped = false;
  const send = () => {
    if (stopped || !rows) return;
    try {
      watch.onFigures(watch.compute(rows.value, clock()));
    } catch (error) {
      watch.onError(messageOf(error));
    }
  };
  const subscription = liveQuery(watch.read).subscribe({
    next: (value) => {
      rows = { value };
      send();
    },
    error: (error: unknown) => {
      if (!stopped) watch.onError(messageOf(error));
    },
  });
  const timer = watch.tickMs ? setInterval(send, watch.tickMs) : null;
  return Comlink.proxy(() => {
    stopped = true;
    subscription.unsubscribe();
    if (timer) clearInterval(timer);
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
