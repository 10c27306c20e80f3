import { useEffect, useState } from 'react';
import type { FreeTimes } from '../../contract/online-booking.ts';
import { fillPath } from '../../contract/fill-path.ts';
import { apiPaths } from '../../contract/routes.ts';
import { publicApi } from './public-api.ts';

export type FreeTimesState = { state: 'idle' } | { state: 'loading' } | { state: 'unreachable' } | { state: 'ready'; value: FreeTimes };

/**
 * The free times of a day for the services chosen, asked of the server whenever the choice changes (an answer to
 * an older choice is dropped), and again on `reload`.
 */
export function useFreeTimes(
  contactFormId: string,
  ask: { services: string[]; checkOutMethod: string; date: string | null },
): { times: FreeTimesState; reload(): void } {
  const [loaded, setLoaded] = useState<{ query: string; result: FreeTimesState } | null>(null);
  const [round, setRound] = useState(0);
  const { services, checkOutMethod, date } = ask;
  const query =
    date && services.length > 0
      ? `${fillPath(apiPaths.onlineBookingTimes, { contactFormId })}?services=${services.join(',')}&checkOutMethod=${checkOutMethod}&date=${date}`
      : null;
  useEffect(() => {
    if (!query) return;
    let current = true;
    const settle = (result: FreeTimesState) => current && setLoaded({ query, result });
    void publicApi()
      .request('GET', query)
      .then(
        (answer) => settle(answer.status === 200 ? { state: 'ready', value: answer.body as FreeTimes } : { state: 'unreachable' }),
        () => settle({ state: 'unreachable' }),
      );
    return () => {
      current = false;
    };
  }, [query, round]);
  const times: FreeTimesState = query === null ? { state: 'idle' } : loaded?.query === query ? loaded.result : { state: 'loading' };
  return { times, reload: () => setRound((r) => r + 1) };
}
