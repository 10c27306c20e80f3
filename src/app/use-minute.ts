import { useEffect, useState } from 'react';

const minuteMs = 60_000;

/**
 * The current minute (epoch ms at its start), changing as the clock turns it: a screen that shows what the time
 * makes of its rows (a promise at risk) draws again each minute, not only when the rows change.
 */
export function useMinute(): number {
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / minuteMs) * minuteMs);
  useEffect(() => {
    const tick = () => setMinute(Math.floor(Date.now() / minuteMs) * minuteMs);
    const timer = setInterval(tick, 5_000);
    return () => clearInterval(timer);
  }, []);
  return minute;
}
