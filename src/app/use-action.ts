import { useCallback, useState } from 'react';

/**
 * A button's work on the staff's screens: while it runs it is busy, and when it fails its problem is what the
 * person reads beside it (the error's own words, else `fallback`), cleared on the next try.
 */
export function useAction(fallback: string) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Does the work; answers whether it went through (a dialog closes then, and stays open on a problem). */
  const run = useCallback(
    async (work: () => Promise<unknown>): Promise<boolean> => {
      setProblem(null);
      setBusy(true);
      try {
        await work();
        return true;
      } catch (error) {
        setProblem(error instanceof Error ? error.message : fallback);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [fallback],
  );
  return { problem, busy, run };
}
