import * as Comlink from 'comlink';
import { Temporal } from 'temporal-polyfill';
import { liveQuery } from 'dexie';
import { StoreDb } from '../src/db/store-db.ts';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { schedulerEvents, type SchedulerEvent } from '../src/domain/scheduler/scheduler-events.ts';
import { EventCalendar, type EventCalendarProps } from '../src/features/scheduler/event-calendar.tsx';
import { readSchedulerRows, useSchedulerEvents } from '../src/features/scheduler/use-scheduler.ts';
import { setSignedInUser } from '../src/db/signed-in-user.ts';
import { searchCustomers } from '../src/app/customers/search-replica.ts';
import { firstScreenMessages, MessageList, readIncoming, shownMessages } from '../src/features/messages/messages-page.tsx';
import { MantineProvider } from '@mantine/core';
import { RouterContextProvider } from '@tanstack/react-router';
import { HomeTiles } from '../src/features/home/home-tiles.tsx';
import { readRatingSummary } from '../src/app/shell/use-rating-summary.ts';
import { readShellCounts } from '../src/app/shell/use-shell-counts.ts';
import type { HomeFigures } from '../src/domain/store/home-figures.ts';
import type { StoreLocation } from '../src/contract/store-location.ts';
import { createAppRouter } from '../src/routes/router.tsx';
import type {
  Brand,
  CatalogueTire,
  InventorySummary,
  ProductLine,
  RetailStoreSettings,
  StoreMessage,
  StoreTireService,
  StoreTireWarranty,
  TirePurchaseAddOn,
} from '../src/contract/entities.ts';
import type { TireFeeRow, TireInstallPackage, TireQuoteChoice, TireQuoteRequest } from '../src/contract/tire-pricing.ts';
import { storeTirePrices } from '../src/domain/tires/store-tire-prices.ts';
import { findTires, isStuddable, noFilters, tireDescription } from '../src/domain/tires/tire-finder.ts';
import { retailTirePrice } from '../src/domain/tires/retail-tire-price.ts';
import { lookUpTires } from '../src/features/counter/tire-lookup.ts';
import { priceTireQuote } from '../src/domain/tires/tire-quote.ts';
import type { BenchParams, BenchWorker } from './sync-bench.worker.ts';

const worker = Comlink.wrap<BenchWorker>(new Worker(new URL('./sync-bench.worker.ts', import.meta.url), { type: 'module' }));

/** Writes from the worker, as the app does, and times until a live query in this page sees each one. */
async function writeLatencies(owner: { userId: string; storeId: number }, count: number): Promise<number[]> {
  const db = new StoreDb(owner);
  const customerId = String((await db.collection('customers').limit(1).toArray())[0]!.customerId);
  const latencies: number[] = [];
  let waiting: { notes: string; started: number; done: () => void } | null = null;
  const subscription = liveQuery(() => db.collection('customers').get(customerId)).subscribe((row) => {
    if (waiting && row?.notes === waiting.notes) {
      latencies.push(performance.now() - waiting.started);
      waiting.done();
    }
  });
  for (let i = 0; i < count; i++) {
    const notes = `bench ${i}`;
    await new Promise<void>((resolve) => {
      waiting = { notes, started: performance.now(), done: resolve };
      void worker.write(customerId, notes);
    });
  }
  subscription.unsubscribe();
  return latencies;
}

/** What a person types at the counter, one keystroke at a time, into the customer search (bench/generate.ts rows). */
const typedSearches = { name: 'Last4242 First4242', phone: '(555) 000-4242', plate: 'IL P84242' } as const;

/**
 * Each keystroke's search over the replica, as the search screen runs it (main thread), and beside it the
 * floor: one prefix lookup in the customers' token index for the same text, the least any search could do.
 */
async function searchLatencies(owner: { userId: string; storeId: number }) {
  const db = new StoreDb(owner);
  await db.open();
  const result: Record<string, { search: number[]; floor: number[] }> = {};
  for (const [kind, text] of Object.entries(typedSearches)) {
    const search: number[] = [];
    const floor: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let typed = 1; typed <= text.length; typed++) {
        const query = text.slice(0, typed);
        let started = performance.now();
        await searchCustomers(db, query);
        search.push(performance.now() - started);
        started = performance.now();
        await db.collection('customers').where('searchTokens').startsWith(`n:${query.toLowerCase()}`).limit(100).toArray();
        floor.push(performance.now() - started);
      }
    }
    result[kind] = { search, floor };
  }
  db.close();
  return result;
}

/** Sizes as the counter types them, one keystroke at a time: digits only, a light-truck size, a placard's size with its load and speed. */
const typedSizes = ['2256517', 'LT245/75R16', 'P215/55R17 94V'] as const;

/**
 * Each keystroke of a size typed into the counter's finder, as the screen runs it (main thread): the text read
 * (readFinderQuery), the replica's look-up (a size begun: a prefix of size keys; words: the lines they name),
 * the found tires filtered and ordered with the store's stock (findTires). The stock, lines and brands are read
 * once up front, as the screen's live query holds them. Beside it the floor: one bare prefix look-up in the size
 * index for the same text, its first 100 keys.
 */
async function tireSearchLatencies(owner: { userId: string; storeId: number }) {
  const db = new StoreDb(owner);
  await db.open();
  const [stockRows, lineRows, brandRows] = await Promise.all([
    db.rows<InventorySummary & { storeId: number }>('inventorySummaries').toArray(),
    db.rows<ProductLine>('catalogueProductLines').toArray(),
    db.rows<Brand>('catalogueBrands').toArray(),
  ]);
  const stock = new Map(stockRows.filter((s) => s.storeId === owner.storeId).map((s) => [s.tireId, s]));
  const brands = new Map(brandRows.map((b) => [b.brandHashId, b]));
  const tires = db.rows<CatalogueTire>('catalogueTires');
  // Each tire priced by the retail price rule as the counter prices it: a catalogue with a margin, a Map of fixed prices.
  const rule = { marginInBasisPoints: 3500, priceEndingInCents: 99 };
  const fixed = new Map<string, number>();
  const priceOf = (tire: CatalogueTire) => retailTirePrice(tire, rule, fixed.get(tire.tireId));
  const result: Record<string, { search: number[]; floor: number[]; keystrokes: { typed: string; looked: number; shown: number }[] }> = {};
  for (const text of typedSizes) {
    const search: number[] = [];
    const floor: number[] = [];
    const keystrokes: { typed: string; looked: number; shown: number }[] = [];
    for (let round = 0; round < 5; round++) {
      for (let typed = 1; typed <= text.length; typed++) {
        const typedSoFar = text.slice(0, typed);
        let started = performance.now();
        const { query, tires: candidates } = await lookUpTires(db, typedSoFar, lineRows, brands);
        const size = query.kind === 'size' ? query : null;
        const shown = findTires(
          candidates,
          stock,
          { ...noFilters, minLoadIndex: size?.minLoadIndex ?? null, minSpeed: size?.minSpeed ?? null },
          size?.exactKey ?? null,
          priceOf,
        );
        search.push(performance.now() - started);
        if (round === 0) keystrokes.push({ typed: typedSoFar, looked: candidates.length, shown: shown.length });
        started = performance.now();
        await tires
          .where('sizeKey')
          .startsWith(size?.prefix ?? typedSoFar)
          .limit(100)
          .toArray();
        floor.push(performance.now() - started);
      }
    }
    result[text] = { search, floor, keystrokes };
  }
  db.close();
  return { byText: result };
}

/**
 * The counter's quote of three options (Good, Better, Best: the cheapest, a middle and the dearest tire of
 * 225/65R17, each with the store's add-ons ticked as a new option has them, the better two with the store's
 * warranty) priced whole by priceTireQuote on each change of Good's quantity, 1 to 8 and again, as the screen
 * prices it on every change. The store's prices are built from its replica rows with storeTirePrices. Beside it
 * the floor: a bare sum of quantity × unit price over the lines the quote priced. The page is not cross-origin
 * isolated, so its timer steps by 0.1 ms: a change is timed as the mean of 20 repeats, the sum of 10,000.
 */
async function quoteLatencies(owner: { userId: string; storeId: number }) {
  const db = new StoreDb(owner);
  await db.open();
  const [settings, addOns, tireServices, warranties, installPackages, tireFees, lineRows, brandRows, offered] = await Promise.all([
    db.rows<RetailStoreSettings>('retailStoreSettings').get(owner.storeId),
    db.rows<TirePurchaseAddOn>('tirePurchaseAddOns').toArray(),
    db.rows<StoreTireService>('storeTireServices').toArray(),
    db.rows<StoreTireWarranty>('storeTireWarranties').toArray(),
    db.rows<TireInstallPackage>('tireInstallPackages').toArray(),
    db.rows<TireFeeRow>('tireFees').toArray(),
    db.rows<ProductLine>('catalogueProductLines').toArray(),
    db.rows<Brand>('catalogueBrands').toArray(),
    db.rows<CatalogueTire>('catalogueTires').where('sizeKey').equals('225/65R17').toArray(),
  ]);
  db.close();
  const prices = storeTirePrices({ settings, addOns, tireServices, warranties, installPackages, tireFees });
  const lines = new Map(lineRows.map((l) => [l.productLineHashId, l]));
  const brands = new Map(brandRows.map((b) => [b.brandHashId, b]));
  const priced = offered.filter((t) => t.priceInCents !== null).sort((a, b) => a.priceInCents! - b.priceInCents!);
  if (priced.length < 3) throw new Error(`The catalogue has ${priced.length} priced tires of 225/65R17: the quote needs three.`);
  const warranty = warranties.find((w) => w.isEnabled && w.priceInCents !== null)?.type ?? null;
  const choice = (name: string, tire: CatalogueTire, quantity: number, warrantyType: TireQuoteChoice['warrantyType']): TireQuoteChoice => ({
    name,
    services: [],
    installPackageId: null,
    tireServiceTypes: [],
    warrantyType,
    tires: [
      {
        tireId: tire.tireId,
        description: tireDescription(tire, lines.get(tire.productLineHashId), brands.get(tire.brandHashId)),
        quantity,
        unitPriceInCents: tire.priceInCents ?? 0,
        isTaxable: true,
        isStuddable: isStuddable(tire),
      },
    ],
    addOnIds: addOns.map((a) => a.tirePurchaseAddOnId),
  });
  const createdOn = new Date().toISOString().slice(0, 10);
  const request = (quantity: number): TireQuoteRequest => ({
    createdOn,
    prices,
    options: [
      choice('Good', priced[0]!, quantity, null),
      choice('Better', priced[Math.floor(priced.length / 2)]!, 4, warranty),
      choice('Best', priced.at(-1)!, 4, warranty),
    ],
  });
  const requests = Array.from({ length: 8 }, (_, i) => request(i + 1));
  const lineSets = requests.map((r) => {
    const quote = priceTireQuote(r);
    if (!quote.ok) throw new Error(`The bench's quote does not price: ${JSON.stringify(quote.problems)}`);
    return quote.quote.options.flatMap((o) => o.lines);
  });
  const recompute: number[] = [];
  const floor: number[] = [];
  // Returned, so the compiler cannot drop the work it times.
  let sink = 0;
  for (let round = 0; round < 52; round++) {
    for (let i = 0; i < 8; i++) {
      let started = performance.now();
      for (let repeat = 0; repeat < 20; repeat++) {
        const quote = priceTireQuote(requests[i]!);
        if (quote.ok) sink += quote.quote.options[0]!.totalInCents;
      }
      const ms = (performance.now() - started) / 20;
      const lines = lineSets[i]!;
      started = performance.now();
      for (let repeat = 0; repeat < 10_000; repeat++) for (const line of lines) sink += line.quantity * line.unitInCents;
      // The first rounds warm the code up, as the counter's first quotes of the day do.
      if (round >= 2) {
        recompute.push(ms);
        floor.push((performance.now() - started) / 10_000);
      }
    }
  }
  return { recompute, floor, options: 3, lines: lineSets[3]!.length, sink };
}

const benchZone = 'America/New_York';
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
/**
 * Resolves once the next frame has been drawn: a task posted from the frame's animation callback runs after
 * that frame's style, layout and paint.
 */
const painted = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    }),
  );
/** Resolves once `ready` holds after a DOM change in `host` (checked on every mutation) and the frame showing it is drawn. */
function until(host: HTMLElement, ready: () => boolean): Promise<void> {
  if (ready()) return painted();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      void painted().then(resolve);
    });
    observer.observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/**
 * The scheduler's day view over the big store: navigation through the screen's own hook to a day of ~300
 * entries over 12 columns, picked by date (never read before) or the next one, until the grid is drawn (the
 * floor: the calendar drawing such a day's entries handed to it ready made); and a drop's local latency,
 * from the worker's write to the entry redrawn at its new time.
 */
async function schedulerBench(owner: { userId: string; storeId: number }) {
  const db = new StoreDb(owner);
  await db.open();
  const host = document.createElement('div');
  host.style.width = '1400px';
  document.body.append(host);
  const root = createRoot(host);
  const today = new Date();
  const day = (offset: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset)).toISOString().slice(0, 10);
  const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const noRisk = new Map<string, { reason: string }>();
  const props = (date: string, events: SchedulerEvent[], columns: { id: string; title: string }[]): EventCalendarProps => ({
    view: 'day',
    date,
    resources: columns,
    events,
    atRisk: noRisk,
    slotMinTime: '02:00',
    slotMaxTime: '20:00',
    slotMinutes: 15,
    utcOffset: '-05:00',
    height: '1500px',
    onOpen: () => undefined,
    onPlace: async () => true,
    onPick: () => undefined,
  });
  const reads: number[] = [];
  const builds: number[] = [];
  const load = async (date: string) => {
    let started = performance.now();
    const data = await readSchedulerRows(db, date, dayAfter(date), benchZone);
    reads.push(performance.now() - started);
    started = performance.now();
    const events = schedulerEvents(data.rows, { from: date, to: dayAfter(date), timeZone: benchZone });
    builds.push(performance.now() - started);
    return { events, columns: data.resources.map((r) => ({ id: r.schedulerResourceId, title: r.name })) };
  };
  const drawn = (count: number) => host.querySelectorAll('.ec-event').length === count;
  const floor: number[] = [];
  let entries = 0;
  let columns = 0;
  // The floor: the calendar drawing a day's entries handed to it ready made, after an empty day; beside it the
  // replica read and the entries' build of the same day.
  for (let round = 0; round < 32; round++) {
    const date = day(3 + (round % 4));
    if (round === 2) reads.length = builds.length = 0;
    const loaded = await load(date);
    entries = Math.max(entries, loaded.events.length);
    columns = loaded.columns.length;
    root.render(createElement(EventCalendar, props(day(-200), [], loaded.columns)));
    await until(host, () => drawn(0));
    const started = performance.now();
    root.render(createElement(EventCalendar, props(date, loaded.events, loaded.columns)));
    await until(host, () => drawn(loaded.events.length));
    if (round >= 2) floor.push(performance.now() - started);
  }

  const parts = { read: [...reads], build: [...builds] };

  // Navigation as the scheduler does it, through the screen's own hook (which keeps the days beside the shown
  // one read); half a second on each day, as a person would look at it. A day counts as drawn once its own
  // entries are: as many as it has, none of them left from the day before (two days may have as many).
  setSignedInUser(owner.userId);
  let shown: { date: string; count: number } | null = null;
  function Day({ date }: { date: string }) {
    const data = useSchedulerEvents(owner.storeId, date, dayAfter(date), benchZone);
    if (data?.events) shown = { date, count: data.events.length };
    return createElement(EventCalendar, props(date, data?.events ?? [], data?.columns ?? []));
  }
  const navigate = async (dates: (round: number) => string) => {
    const times: number[] = [];
    let fewest = Infinity;
    for (let round = 0; round < 32; round++) {
      const date = dates(round);
      const before = new Set(host.querySelectorAll('.ec-event'));
      const started = performance.now();
      root.render(createElement(Day, { date }));
      await until(host, () => shown?.date === date && drawn(shown.count) && [...host.querySelectorAll('.ec-event')].every((entry) => !before.has(entry)));
      if (round >= 2) times.push(performance.now() - started);
      fewest = Math.min(fewest, (shown as { count: number } | null)?.count ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return { times, fewest };
  };
  // A day picked by date: a week apart each time, so never one already read. Past days: the big store's
  // visits stop ten days ahead.
  const picked = await navigate((round) => day(-60 - 7 * round));
  // Next: the day after the shown one.
  const next = await navigate((round) => day(round - 35));
  // Drops: the app's path from the worker's write through the live query to the redrawn entry.
  const date = day(5);
  let current = await load(date);
  const subscription = liveQuery(() => load(date)).subscribe((next) => {
    current = next;
    root.render(createElement(EventCalendar, props(date, next.events, next.columns)));
  });
  root.render(createElement(EventCalendar, props(date, current.events, current.columns)));
  await until(host, () => drawn(current.events.length));
  const target = current.events.find((e) => e.visitId)!;
  const drops: number[] = [];
  for (let i = 0; i < 60; i++) {
    const hour = 17 + (i % 2);
    const startDate = new Date(Date.parse(`${date}T${hour}:00:00-05:00`)).toISOString();
    const shown = `${hour - 12}:00p–${hour - 11}:00p`;
    const started = performance.now();
    void worker.place(target.sourceId, { resourceId: target.resourceId, startDate, durationInMinutes: 60 });
    await until(host, () => [...host.querySelectorAll('.ec-event .sched-time')].some((el) => el.textContent === shown));
    drops.push(performance.now() - started);
  }
  subscription.unsubscribe();

  // Drops by the pointer are made by Playwright's mouse (bench/run.ts): timed from letting go (a capturing
  // listener runs before the calendar's). The work is the drop's own (until the entry's face changed) plus the
  // drawing of the frame that shows it; on screen adds the wait for the display's next frame (up to 16.7 ms
  // at 60 Hz, whatever the work), so only the work can be held to one frame.
  const faceOf = () =>
    [...host.querySelectorAll('.ec-event')]
      .find((node) => node.textContent?.includes(target.displayName) && !node.classList.contains('ec-preview'))
      ?.querySelector('.sched-time')?.textContent ?? '';
  let redrawn: Promise<{ work: number; onScreen: number }> = Promise.resolve({ work: 0, onScreen: 0 });
  window.addEventListener(
    'pointerup',
    () => {
      const letGo = performance.now();
      const face = faceOf();
      redrawn = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (faceOf() === face) return;
          observer.disconnect();
          const changed = performance.now();
          requestAnimationFrame(() => {
            const frame = performance.now();
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              const drawn = performance.now();
              resolve({ work: changed - letGo + (drawn - frame), onScreen: drawn - letGo });
            };
            channel.port2.postMessage(null);
          });
        });
        observer.observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
      });
    },
    { capture: true },
  );
  const slots = host.querySelectorAll('.ec-body .ec-sidebar .ec-slot');
  Object.assign(window, {
    dropTarget: () => {
      const el = [...host.querySelectorAll<HTMLElement>('.ec-event')].find((node) => node.textContent?.includes(target.displayName))!;
      el.scrollIntoView({ block: 'center' });
      const box = el.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + 6, halfHour: slots[2]!.getBoundingClientRect().top - slots[1]!.getBoundingClientRect().top };
    },
    lastDrop: () => redrawn,
  });
  db.close();
  return { navigation: picked.times, pickedEntries: picked.fewest, nextDay: next.times, nextEntries: next.fewest, floor, parts, drops, entries, columns };
}

/**
 * The messages page over the big store's 20k messages: navigation to the drawn list of all of them (the
 * replica read newest first, the view's filter, the first rows drawn), against the floor of drawing the same
 * list handed to it ready made; and a quick reply's local latency, from the reply box's call to the worker
 * to the reply shown as queued by a live query.
 */
async function messagesBench(owner: { userId: string; storeId: number }) {
  const db = new StoreDb(owner);
  await db.open();
  const host = document.createElement('div');
  host.style.width = '600px';
  document.body.append(host);
  const root = createRoot(host);
  const view = { filter: 'all' as const, method: null, order: 'date' as const, search: '' };
  const draw = (messages: StoreMessage[]) =>
    root.render(createElement(MantineProvider, null, createElement(MessageList, { messages, formatDate: (iso: string) => iso, onOpen: () => undefined })));
  const drawn = () => host.querySelectorAll('[role="listitem"]').length > 0;
  const navigation: number[] = [];
  const whole: number[] = [];
  const floor: number[] = [];
  let count = 0;
  for (let round = 0; round < 32; round++) {
    root.render(null);
    await nextFrame();
    let started = performance.now();
    // As the page does: the newest first, then the whole list read and drawn in their place.
    draw(shownMessages(await readIncoming(db, firstScreenMessages), view));
    await until(host, drawn);
    if (round >= 2) navigation.push(performance.now() - started);
    const shown = shownMessages(await readIncoming(db), view);
    draw(shown);
    await nextFrame();
    if (round >= 2) whole.push(performance.now() - started);
    count = shown.length;
    root.render(null);
    await nextFrame();
    started = performance.now();
    draw(shown);
    await until(host, drawn);
    if (round >= 2) floor.push(performance.now() - started);
  }
  root.unmount();
  host.remove();

  const incoming = (await readIncoming(db)).find((m) => !m.repliedToByUserId)!;
  const replies: number[] = [];
  for (let i = 0; i < 100; i++) {
    const storeMessageId = crypto.randomUUID();
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const subscription = liveQuery(() => db.rows<StoreMessage>('storeMessages').get(storeMessageId)).subscribe((row) => {
        if (row?.deliveryStatus !== 'Queued') return;
        replies.push(performance.now() - started);
        subscription.unsubscribe();
        resolve();
      });
      void worker.reply(owner.storeId, incoming.storeMessageId, storeMessageId);
    });
  }
  db.close();
  return { navigation, whole, floor, count, replies };
}

/**
 * Home over the big store: navigation to its tiles drawn (the sync worker's live query reads today's rows, works out
 * the figures and sends them; the page draws them), against the floor of drawing the same tiles handed to it ready
 * made. Both draw as the app does, inside the app's router (the tiles are links).
 */
async function homeBench(owner: { userId: string; storeId: number }) {
  const host = document.createElement('div');
  host.style.width = '1200px';
  document.body.append(host);
  const root = createRoot(host);
  const router = createAppRouter({ requireSession: () => new Promise<never>(() => undefined) });
  const store = { id: owner.storeId, name: 'Bench store', storeNumber: 900, timeZone: 'Eastern Standard Time' } as StoreLocation;
  const draw = (figures: HomeFigures) =>
    root.render(
      createElement(RouterContextProvider, {
        router,
        children: createElement(MantineProvider, null, createElement(HomeTiles, { store, figures, counter: true, bay: true })),
      }),
    );
  const drawn = () => host.querySelectorAll('a[aria-label]').length >= 8;
  const navigation: number[] = [];
  const floor: number[] = [];
  let last: HomeFigures | null = null;
  for (let round = 0; round < 32; round++) {
    root.render(null);
    await nextFrame();
    let started = performance.now();
    let stop: (() => Promise<void>) | null = null;
    await new Promise<void>((resolve) => {
      let first = true;
      void worker
        .watchHome(
          owner,
          benchZone,
          Comlink.proxy((figures: HomeFigures) => {
            if (!first) return;
            first = false;
            last = figures;
            draw(figures);
            void until(host, drawn).then(resolve);
          }),
        )
        .then((s) => {
          stop = s;
        });
    });
    if (round >= 2) navigation.push(performance.now() - started);
    await stop!();
    root.render(null);
    await nextFrame();
    started = performance.now();
    draw(last!);
    await until(host, drawn);
    if (round >= 2) floor.push(performance.now() - started);
  }
  root.unmount();
  host.remove();
  const figures = last! as HomeFigures;
  return { navigation, floor, visitsToday: figures.dayTotal, here: Object.values(figures.here).reduce((sum, list) => sum + list.length, 0) };
}

/**
 * The shell's top bar and drawer as they open over the big store (20k messages, 10k ratings): the badges' counts and
 * the rating summary, read by index, against reading the tables they come from whole (every message with the store's
 * services, and every rating: what the shell read before 2026-11-28).
 */
async function shellBench(owner: { userId: string; storeId: number }) {
  const db = new StoreDb(owner);
  await db.open();
  const header: number[] = [];
  const whole: number[] = [];
  let ratings = 0;
  for (let round = 0; round < 32; round++) {
    let started = performance.now();
    const [, summary] = await Promise.all([readShellCounts(db), readRatingSummary(db, new Date(), benchZone)]);
    if (round >= 2) header.push(performance.now() - started);
    ratings = summary.overall.count;
    started = performance.now();
    await Promise.all([db.collection('storeMessages').toArray(), db.collection('storeServices').toArray(), db.collection('ratings').toArray()]);
    if (round >= 2) whole.push(performance.now() - started);
  }
  const messages = await db.collection('storeMessages').count();
  db.close();
  return { header, whole, messages, ratings };
}

/** The dashboard's figures of the last whole month at the big store, in the worker (read and computed), against a plain count of the same rows. */
async function dashboardBench(owner: { userId: string; storeId: number }) {
  const today = Temporal.Now.plainDateISO(benchZone);
  const first = today.with({ day: 1 }).subtract({ months: 1 });
  const range = { from: first.toString(), to: first.add({ months: 1 }).toString(), timeZone: benchZone };
  const result = await worker.dashboardMonth(owner, range, 22);
  return {
    figures: result.figures.slice(2),
    reads: result.reads.slice(2),
    counts: result.counts.slice(2),
    visits: result.visits,
    month: first.toString().slice(0, 7),
    firstOpen: { figures: result.figures[0]!, unmarked: result.unmarked[0]!, markMs: result.markMs[0] ?? 0 },
    unmarkedAfter: Math.max(...result.unmarked.slice(1)),
  };
}

/** A 12-megapixel camera photo stand-in: a smooth scene with fine grain, as JPEG at a camera's quality. */
async function cameraPhoto(): Promise<Blob> {
  const width = 4000;
  const height = 3000;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#3a3f47');
  gradient.addColorStop(0.5, '#8a8f96');
  gradient.addColorStop(1, '#24272c');
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  const grain = context.getImageData(0, 0, width, height);
  for (let i = 0; i < grain.data.length; i += 4) {
    const n = (Math.random() - 0.5) * 24;
    grain.data[i] = grain.data[i]! + n;
    grain.data[i + 1] = grain.data[i + 1]! + n;
    grain.data[i + 2] = grain.data[i + 2]! + n;
  }
  context.putImageData(grain, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
}

/**
 * Photos in the bay: a 12-megapixel photo from capture to stored on the device (made small in the worker,
 * kept, its upload queued) against decoding the same file alone, with the longest the page went without a
 * frame meanwhile; then 20 photos uploaded in pieces through the outbox against the same bytes put whole.
 */
async function photoBench(params: BenchParams) {
  const file = await cameraPhoto();
  const report = await worker.startInspection(params.storeId);
  // What the earlier rows queued (their writes, drops and replies) goes first, untimed: the upload's figure is the photos'.
  await worker.pushAll();
  const captures: number[] = [];
  const floor: number[] = [];
  const gaps: number[] = [];
  let sizes = 0;
  for (let i = 0; i < 20; i++) {
    let last = performance.now();
    let gap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      gap = Math.max(gap, now - last);
      last = now;
    }, 5);
    const { ms, bytes } = await worker.capturePhoto(params.storeId, report, file);
    clearInterval(ticker);
    captures.push(ms);
    gaps.push(gap);
    sizes += bytes;
    floor.push(await worker.decodePhoto(file));
  }
  const uploadMs = await worker.pushAll();
  const rawMs = await worker.rawUploads(params, report, await worker.keptPhotos().then((b) => b.slice(0, 20)));
  return { fileBytes: file.size, captures, floor, gaps, photos: 20, bytes: sizes, uploadMs, rawMs };
}

Object.assign(window, {
  runBench: async (params: BenchParams & { newDealer: { storeId: number; userId: string; token: string } }) => {
    console.info('bench: first sync');
    const sync = await worker.firstSync(params);
    console.info(`bench: first sync done, ${sync.changes} rows in ${Math.round(sync.fullMs)} ms; raw bulkPut`);
    const raw = await worker.rawBulkPut(params);
    console.info(`bench: raw bulkPut done, ${raw.rows} rows in ${Math.round(raw.ms)} ms; a new dealer's first sync (the catalogue)`);
    const catalogue = await worker.catalogueFirstSync({
      ...params,
      storeId: params.newDealer.storeId,
      userId: params.newDealer.userId,
      token: params.newDealer.token,
    });
    console.info(
      `bench: new dealer's first sync done, ${catalogue.rows} rows in ${Math.round(catalogue.ms)} ms (raw ${Math.round(catalogue.rawMs)} ms); write latency`,
    );
    const latencies = await writeLatencies(params, 200);
    console.info('bench: write latency done; search per keystroke');
    const search = await searchLatencies(params);
    console.info('bench: search done; tire size search per keystroke');
    const tireSearch = await tireSearchLatencies(params);
    console.info('bench: tire size search done; quote recomputation');
    const quote = await quoteLatencies(params);
    console.info('bench: quote done; scheduler day view');
    const scheduler = await schedulerBench(params);
    console.info('bench: scheduler done; messages page');
    const messages = await messagesBench(params);
    console.info('bench: messages done; home');
    const home = await homeBench(params);
    console.info("bench: home done; the shell's badges and rating summary");
    const shell = await shellBench(params);
    console.info('bench: shell done; dashboard month');
    const dashboard = await dashboardBench(params);
    console.info('bench: dashboard month done; photos');
    const photos = await photoBench(params);
    return { sync, raw, catalogue, latencies, search, tireSearch, quote, scheduler, messages, home, shell, dashboard, photos };
  },
});
