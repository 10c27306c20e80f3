import * as Comlink from 'comlink';
import { liveQuery, type Subscription } from 'dexie';

export interface FigureWatch<Rows, Figures> {
  /** Reads the rows the figures need as of `now`; runs again whenever a table it read changes, in any tab or worker. */
  read: (now: Date) => Promise<Rows>;
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
  /**
   * What the read's rows are of as of `now` (home: the store's date): when a tick finds it changed, the rows are read
   * again for the new one, though none of them changed (a store's quiet Sunday night still turns into Monday).
   */
  readFor?: (now: Date) => string;
}

export type StopWatch = (() => void) & Comlink.ProxyMarked;

/** Frees a callback the screen lent through Comlink (plain functions in tests have nothing to free). */
const release = (callback: unknown) => (callback as Partial<Record<typeof Comlink.releaseProxy, () => void>>)[Comlink.releaseProxy]?.();

/**
 * Figures worked out in the sync worker over rows a live query reads, sent to a screen as they change: the
 * screen's thread only draws them. A new read computes at once; a tick computes again from the rows in hand.
 * Answers the function that stops it (a Comlink proxy, so the screen calls it across the worker boundary).
 */
export function watchFigures<Rows, Figures>(watch: FigureWatch<Rows, Figures>): StopWatch {
  const clock = watch.clock ?? (() => new Date());
  let rows: { value: Rows } | null = null;
  let stopped = false;
  let subscription: Subscription;
  let readingFor = '';
  const send = () => {
    if (stopped || !rows) return;
    try {
      watch.onFigures(watch.compute(rows.value, clock()));
    } catch (error) {
      watch.onError(messageOf(error));
    }
  };
  const subscribe = () => {
    readingFor = watch.readFor?.(clock()) ?? '';
    subscription = liveQuery(() => watch.read(clock())).subscribe({
      next: (value) => {
        rows = { value };
        send();
      },
      error: (error: unknown) => {
        if (!stopped) watch.onError(messageOf(error));
      },
    });
  };
  subscribe();
  const tick = () => {
    if (watch.readFor && watch.readFor(clock()) !== readingFor) {
      subscription.unsubscribe();
      subscribe();
    } else send();
  };
  const timer = watch.tickMs ? setInterval(tick, watch.tickMs) : null;
  return Comlink.proxy(() => {
    stopped = true;
    subscription.unsubscribe();
    if (timer) clearInterval(timer);
    release(watch.onFigures);
    release(watch.onError);
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
