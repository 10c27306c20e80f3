import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { useActionStatus } from '../../app/save-status.ts';
import { useSession } from '../../app/session.ts';
import { useAction } from '../../app/use-action.ts';
import type { TireQuote } from '../../contract/tire-pricing.ts';
import { storeTimeZone } from '../../domain/calendar/time-zone.ts';
import { tireIdsOf } from '../../domain/tires/retail-tire-price.ts';
import { findTires, withTypedNeeds } from '../../domain/tires/tire-finder.ts';
import { syncClient } from '../../sync/sync-client.ts';
import {
  expiredProblem,
  quoteFigures,
  quoteToSave,
  quoteToSend,
  savedNotice,
  sentNoticeOf,
  startingCounter,
  textProblem,
  withLateSize,
  withNotice,
  withSaveTried,
  type CounterState,
  type QuoteCheck,
  type QuoteDraft,
  type SendCheck,
  type SentQuote,
  type SizeSearch,
} from './counter-model.ts';
import { useQuoteCustomer, useQuoteTires, useTireLookup, type CounterBasics } from './use-counter-data.ts';

export interface CounterOpening {
  storeId: number;
  basics: CounterBasics;
  saved: TireQuote | null;
  opened: () => QuoteDraft;
  sizeSearch: SizeSearch | null;
}

/** The quote's figures (counter-model.ts's quoteFigures), again as the draft, the store's prices or its catalogue tires change. */
function useQuoteFigures(storeId: number, draft: QuoteDraft, saved: TireQuote | null, basics: CounterBasics) {
  const quoteTires = useQuoteTires(
    storeId,
    useMemo(() => tireIdsOf(draft.choices), [draft.choices]),
  );
  return useMemo(() => {
    const priceOf = (tireId: string) => {
      const tire = quoteTires?.get(tireId);
      return tire ? basics.priceOf(tire) : null;
    };
    return quoteFigures(draft, saved, { prices: basics.prices, addOns: basics.addOns, priceOf });
  }, [draft, saved, basics, quoteTires]);
}

/** The tires the size box finds, filtered by the finder's rule with what the typed size asks for. */
function useFoundTires(storeId: number, state: CounterState, basics: CounterBasics) {
  const lookup = useTireLookup(storeId, state.typed, basics.lines, basics.brands);
  const found = useMemo(() => {
    if (!lookup) return [];
    const exactKey = lookup.query.kind === 'size' ? lookup.query.exactKey : null;
    return findTires(lookup.tires, basics.stock, withTypedNeeds(state.filters, lookup.query), exactKey, basics.priceOf);
  }, [lookup, basics, state.filters]);
  return { query: lookup?.query, found };
}

/** The text or email sent last, and where it stands in the outbox, in words. */
function useSentQuote(storeId: number) {
  const [sent, setSent] = useState<SentQuote | null>(null);
  const { status, refused } = useActionStatus(storeId, { entity: `storeMessages/${sent?.storeMessageId ?? ''}` }, sent);
  const notice = sent && sentNoticeOf(sent, status, refused?.problem?.detail ?? refused?.problem?.title ?? null);
  return { notice, setSent };
}

type Update = (change: (state: CounterState) => CounterState) => void;

/**
 * The tire counter's state and actions (the rules are counter-model.ts's): what the screen draws, and the
 * verbs its buttons call: a save, a text or email (one worker verb, sendTireQuote), booking the install.
 */
export function useTireCounter({ storeId, basics, saved, opened, sizeSearch }: CounterOpening) {
  const store = useSession()?.activeStore;
  const [state, setState] = useState(() => startingCounter(opened(), sizeSearch));
  const late = withLateSize(state, sizeSearch);
  if (late !== state) setState(late);
  const today = Temporal.Now.plainDateISO(storeTimeZone(store?.timeZone)).toString();
  const expired = expiredProblem(saved, today);
  const quoteCustomer = useQuoteCustomer(storeId, state.draft.customerId);
  const figures = useQuoteFigures(storeId, state.draft, saved, basics);
  const sent = useSentQuote(storeId);
  const actions = useQuoteActions(setState, {
    toSave: () => quoteToSave(state.draft, figures, expired),
    toSend: (channel) => quoteToSend(channel, { draft: state.draft, figures, expired, customer: quoteCustomer?.customer }, store),
    onSaved: () => sent.setSent(null),
    onSent: sent.setSent,
  });
  return {
    state,
    update: setState,
    figures,
    expired,
    quoteCustomer,
    vehicle: quoteCustomer?.vehicles.find((v) => v.vehicleId === state.draft.vehicleId) ?? null,
    ...useFoundTires(storeId, state, basics),
    textProblem: textProblem(quoteCustomer?.customer, store),
    sentNotice: sent.notice,
    ...actions,
  };
}

interface QuoteChecks {
  toSave: () => QuoteCheck;
  toSend: (channel: 'sms' | 'email') => SendCheck;
  onSaved: () => void;
  onSent: (sent: SentQuote) => void;
}

/** The buttons' work: each checks the quote by the model's rules first, and says why not in its own words. */
function useQuoteActions(update: Update, checks: QuoteChecks) {
  const search = useSearch({ from: '/app/tires' });
  const navigate = useNavigate();
  const action = useAction('The quote could not be saved; try again.');
  const checked = <C extends QuoteCheck | SendCheck>(check: C): Extract<C, { ok: true }> => {
    if (check.ok || check.tried) update(withSaveTried);
    if (!check.ok) throw new Error(check.problem);
    return check as Extract<C, { ok: true }>;
  };
  // The address names the quote once it is saved, so a reload opens it again.
  const remember = (quote: TireQuote) => {
    if (search.quote !== quote.tireQuoteId) void navigate({ to: '/tires', search: { quote: quote.tireQuoteId }, replace: true });
  };
  const save = async () => {
    const { quote } = checked(checks.toSave());
    await syncClient().saveTireQuote(quote);
    remember(quote);
    return quote;
  };
  return {
    action,
    save: () =>
      action.run(async () => {
        await save();
        checks.onSaved();
        update((s) => withNotice(s, savedNotice));
      }),
    send: (channel: 'sms' | 'email') =>
      action.run(async () => {
        const { quote, to } = checked(checks.toSend(channel));
        // One action: the quote's save and its message, whose entry waits for the save and is refused with it.
        // The server writes the words from the quote as it stores it: the figures its public page shows.
        const storeMessageId = await syncClient().sendTireQuote(quote, channel);
        remember(quote);
        update((s) => withNotice(s, null));
        checks.onSent({ storeMessageId, channel, name: to });
      }),
    bookInstall: () =>
      action.run(async () => {
        const quote = await save();
        await navigate({ to: '/scheduler-dayview', search: { quote: quote.tireQuoteId } });
      }),
  };
}
