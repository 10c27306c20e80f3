import type { MouseEvent } from 'react';

/**
 * A button's props while it is off: it looks and reads as disabled (Mantine's data-disabled, aria-disabled) but
 * keeps the focus, and a press does nothing. The disabled attribute drops the focus to the page's body, so a
 * form's Save that turns off once saved, or its Undo once undone, would leave a keyboard user nowhere.
 * Spread after the button's own onClick.
 */
export function offKeepingFocus(off: boolean): { 'data-disabled'?: true; 'aria-disabled'?: true; onClick?: (event: MouseEvent) => void } {
  return off ? { 'data-disabled': true, 'aria-disabled': true, onClick: (event: MouseEvent) => event.preventDefault() } : {};
}
