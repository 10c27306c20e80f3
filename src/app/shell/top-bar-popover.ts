import type { PopoverProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * What the top bar's popups share: the keyboard goes into the popup as it opens and back to its button as it
 * closes (Escape closes it from anywhere inside, Tab stays within), and on a touch screen a tap outside only
 * closes it, never reaching what lies under it (an appointment in home's list, say).
 */
export function useTopBarPopover(): Pick<PopoverProps, 'position' | 'withinPortal' | 'shadow' | 'trapFocus' | 'returnFocus' | 'withOverlay' | 'overlayProps'> {
  const touch = useMediaQuery('(pointer: coarse)') ?? false;
  return {
    position: 'bottom-end',
    withinPortal: true,
    shadow: 'md',
    trapFocus: true,
    returnFocus: true,
    withOverlay: touch,
    overlayProps: { backgroundOpacity: 0 },
  };
}
