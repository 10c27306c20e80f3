import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { publicApi } from './public-api.ts';

/** A customer's page's one read: loading, not at this address (404), out of reach, or ready. */
export type PublicResource<T> = { state: 'loading' } | { state: 'missing' } | { state: 'unreachable' } | { state: 'ready'; value: T };

async function fetchResource<T>(path: string, schema: z.ZodType<T>): Promise<PublicResource<T>> {
  try {
    const answer = await publicApi().request('GET', path);
    if (answer.status === 404) return { state: 'missing' };
    if (answer.status !== 200) return { state: 'unreachable' };
    return { state: 'ready', value: schema.parse(answer.body) };
  } catch {
    return { state: 'unreachable' };
  }
}

/**
 * What a customer's page reads from the API (DESIGN.md: customers' pages call it directly): read on opening;
 * `refresh` reads it again behind what is shown, `retry` shows the wait again first (after "Try again").
 * No path (a link without its id) is missing at once.
 */
export function usePublicResource<T>(path: string | null, schema: z.ZodType<T>) {
  const [loaded, setLoaded] = useState<PublicResource<T>>(path ? { state: 'loading' } : { state: 'missing' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!path) return;
    let current = true;
    void fetchResource(path, schema).then((next) => {
      if (current) setLoaded(next);
    });
    return () => {
      current = false;
    };
  }, [path, schema, attempt]);
  const refresh = useCallback(() => setAttempt((a) => a + 1), []);
  const retry = useCallback(() => {
    setLoaded({ state: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  return { loaded, setLoaded, refresh, retry };
}
