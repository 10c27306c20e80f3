import { Button, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Spec section 9: primary 004C98, secondary 2CB249, error D90B0B (each at shade 6). */
const primary: MantineColorsTuple = ['#e5f1ff', '#cddfff', '#9abcf7', '#6498f1', '#3879eb', '#1d65e8', '#004C98', '#003f80', '#003269', '#002552'];
const secondary: MantineColorsTuple = ['#e9fbee', '#d8f3df', '#b1e5bf', '#87d69c', '#64ca7f', '#4ec26c', '#2CB249', '#209a3b', '#158531', '#006f24'];
const error: MantineColorsTuple = ['#ffe9e9', '#ffd1d1', '#fba0a0', '#f76d6d', '#f34141', '#f12626', '#D90B0B', '#c00008', '#ab0004', '#960000'];

export const theme = createTheme({
  primaryColor: 'primary',
  primaryShade: 6,
  colors: { primary, secondary, error },
  defaultRadius: 'sm',
  components: {
    // A button clips its label when a row is short of room (Mantine's button hides its overflow, so a flex row
    // shrinks it): "Sync now" read "Sync r". A button keeps its width; the text beside it wraps instead.
    Button: Button.extend({ styles: { root: { flexShrink: 0 } } }),
  },
});
