import { Button, SimpleGrid, Stack, Text, type SimpleGridProps } from '@mantine/core';
import { useId, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';

export interface RadioButtonOption<T extends string> {
  value: T;
  label: ReactNode;
}

/** The keys that move the choice, as WAI-ARIA's radio group has them: the index they go to from `at` of `count`, wrapping at the ends. */
const moves: Partial<Record<string, (at: number, count: number) => number>> = {
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowDown: (at, count) => (at + 1) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * One choice of several, drawn as a grid of buttons (the chosen one filled) and working as a radio group: a single
 * Tab stop (the chosen button, or the first when none is), the arrow keys move to the previous or next one and
 * choose it, Home and End the first and last; a screen reader hears each as a radio, checked or not. Focusing the
 * group itself (by its `id`, as a form pointing at its first problem does) focuses that one button.
 *
 * Mantine's own choices fell short here: a single Chip.Group is native radios (one Tab stop once they share a name)
 * but chips, not buttons in a grid, and no Home/End; Radio.Card makes every card a Tab stop.
 */
export function RadioButtonGroup<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
  error,
  cols = { base: 3, xs: 4 },
}: {
  id?: string;
  /** Shown above the buttons; it names the group. */
  label: ReactNode;
  options: readonly RadioButtonOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** Said under the buttons, and read with the group. */
  error?: ReactNode;
  cols?: SimpleGridProps['cols'];
}) {
  const labelId = useId();
  const errorId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabStop = Math.max(
    options.findIndex((o) => o.value === value),
    0,
  );

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, at: number) {
    const move = moves[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const to = move(at, options.length);
    buttons.current[to]?.focus();
    if (options[to]!.value !== value) onChange(options[to]!.value);
  }
  function onFocus(event: FocusEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget) buttons.current[tabStop]?.focus();
  }

  return (
    <Stack gap={6} id={id} role="radiogroup" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} tabIndex={-1} onFocus={onFocus}>
      <Text fw={500} id={labelId}>
        {label}
      </Text>
      <SimpleGrid cols={cols} spacing="xs">
        {options.map((option, at) => {
          const checked = option.value === value;
          return (
            <Button
              key={option.value}
              ref={(button) => {
                buttons.current[at] = button;
              }}
              size="md"
              h={44}
              px={4}
              variant={checked ? 'filled' : 'default'}
              role="radio"
              aria-checked={checked}
              tabIndex={at === tabStop ? 0 : -1}
              onClick={() => onChange(option.value)}
              onKeyDown={(event) => onKeyDown(event, at)}
            >
              {option.label}
            </Button>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text size="sm" c="error" role="alert" id={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
