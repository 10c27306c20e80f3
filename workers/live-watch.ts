import * as Comlink from 'comlink';
import { Dexie, type ObservabilitySet } from 'dexie';

export interface FigureWatch<Rows, Figures> {
  /** The replica the rows are read from: any committed write to it, from any tab or worker, calls for a new read. */
  db: Dexie;
  /** Reads the rows the figures need as of `now`. */
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

/**
 * The least time between the end of one read and the start of the next, and the multiple of the last read's own
 * time it grows to: a first sync commits a page every few hundred milliseconds into the worker that also reads the
 * figures, and reading them on every page would take that worker from the sync.
 */
const minGapMs = 400;
const gapPerReadMs = 4;

/** Frees a callback the screen lent through Comlink (plain functions in tests have nothing to free). */
const release = (callback: unknown) => (callback as Partial<Record<typeof Comlink.releaseProxy, () => void>>)[Comlink.releaseProxy]?.();

/**
 * Figures worked out in the sync worker over rows read from the replica, sent to a screen as they change: the
 * screen's thread only draws them. Any committed write to the replica (Dexie's storagemutated, which also carries
 * other tabs' and workers' writes) calls for a new read; reads never overlap and are spaced by at least a few times
 * the last one's length, so a burst of writes costs one read after it, not one per write. A tick computes again
 * from the rows in hand. Answers the function that stops it (a Comlink proxy, called across the worker boundary).
 */
export function watchFigures<Rows, Figures>(watch: FigureWatch<Rows, Figures>): StopWatch {
  const clock = watch.clock ?? (() => new Date());
  const prefix = `idb://${watch.db.name}/`;
  let rows: { value: Rows } | null = null;
  let stopped = false;
  let reading = false;
  let wanted = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastEnd = 0;
  let lastMs = 0;
  let readingFor = '';

  const send = () => {
    if (stopped || !rows) return;
    try {
      watch.onFigures(watch.compute(rows.value, clock()));
    } catch (error) {
      watch.onError(messageOf(error));
    }
  };
  const read = async () => {
    timer = null;
    reading = true;
    wanted = false;
    const started = performance.now();
    const now = clock();
    readingFor = watch.readFor?.(now) ?? '';
    try {
      const value = await watch.read(now);
      if (stopped) return;
      rows = { value };
      send();
    } catch (error) {
      if (!stopped) watch.onError(messageOf(error));
    } finally {
      reading = false;
      lastMs = performance.now() - started;
      lastEnd = performance.now();
      if (wanted && !stopped) schedule();
    }
  };
  const schedule = () => {
    if (stopped) return;
    if (reading) {
      wanted = true;
      return;
    }
    if (timer !== null) return;
    const wait = Math.max(0, lastEnd + Math.max(minGapMs, lastMs * gapPerReadMs) - performance.now());
    timer = setTimeout(() => void read(), lastEnd === 0 ? 0 : wait);
  };
  const onWrites = (parts: ObservabilitySet) => {
    if (Object.keys(parts).some((part) => part.startsWith(prefix))) schedule();
  };
  Dexie.on('storagemutated', onWrites);
  schedule();
  const tick = () => {
    if (watch.readFor && watch.readFor(clock()) !== readingFor) schedule();
    else send();
  };
  const ticker = watch.tickMs ? setInterval(tick, watch.tickMs) : null;
  return Comlink.proxy(() => {
    stopped = true;
    Dexie.on.storagemutated.unsubscribe(onWrites);
    if (timer !== null) clearTimeout(timer);
    if (ticker) clearInterval(ticker);
    release(watch.onFigures);
    release(watch.onError);
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
