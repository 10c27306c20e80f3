import { useCallback, useEffect, useState } from 'react';
import { publicApi } from './public-api.ts';

/** A customer's page's one read: loading, not at this address (404), out of reach, or ready. */
export type PublicResource<T> = { state: 'loading' } | { state: 'missing' } | { state: 'unreachable' } | { state: 'ready'; value: T };

/**
 * The answer is typed by the contract and taken as the server gave it: the page and the API are one deploy, and
 * each public answer is parsed by its contract schema in the server's tests (tests/server/public-answers.test.ts).
 * A schema library on the customer's phone cost a quarter of the page's script (docs/decisions/shell-and-pwa.md, "The customers' pages' weight").
 */
async function fetchResource<T>(path: string): Promise<PublicResource<T>> {
  try {
    const answer = await publicApi().request('GET', path);
    if (answer.status === 404) return { state: 'missing' };
    if (answer.status !== 200) return { state: 'unreachable' };
    return { state: 'ready', value: answer.body as T };
  } catch {
    return { state: 'unreachable' };
  }
}

/**
 * What a customer's page reads from the API (DESIGN.md: customers' pages call it directly): read on opening;
 * `refresh` reads it again behind what is shown, `retry` shows the wait again first (after "Try again").
 * No path (a link without its id) is missing at once.
 */
export function usePublicResource<T>(path: string | null) {
  const [loaded, setLoaded] = useState<PublicResource<T>>(path ? { state: 'loading' } : { state: 'missing' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!path) return;
    let current = true;
    void fetchResource<T>(path).then((next) => {
      if (current) setLoaded(next);
    });
    return () => {
      current = false;
    };
  }, [path, attempt]);
  const refresh = useCallback(() => setAttempt((a) => a + 1), []);
  const retry = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  return { loaded, setLoaded, refresh, retry };
}
