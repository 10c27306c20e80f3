import { VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A control with no visible label whose button shows its value (a date picker reading "Fri, Nov 27, 2026"): named
 * by a hidden label and its own text together ("Date Fri, Nov 27, 2026"), so the name holds what a sighted user
 * reads and a spoken "click Fri, Nov 27" finds it (WCAG 2.5.3, label in name). An aria-label alone would hide the
 * value from the name.
 */
export function useShownValueName(label: string): { label: ReactNode; props: { id: string; 'aria-labelledby': string } } {
  const id = useId();
  const labelId = `${id}-label`;
  return { label: <VisuallyHidden id={labelId}>{label}</VisuallyHidden>, props: { id, 'aria-labelledby': `${labelId} ${id}` } };
}
