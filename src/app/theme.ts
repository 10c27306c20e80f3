import { createTheme, defaultVariantColorsResolver, parseThemeColor, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Spec section 9: primary 004C98, secondary 2CB249, error D90B0B (each at shade 6). */
const primary: MantineColorsTuple = ['#e5f1ff', '#cddfff', '#9abcf7', '#6498f1', '#3879eb', '#1d65e8', '#004C98', '#003f80', '#003269', '#002552'];
const secondary: MantineColorsTuple = ['#e9fbee', '#d8f3df', '#b1e5bf', '#87d69c', '#64ca7f', '#4ec26c', '#2CB249', '#209a3b', '#158531', '#006f24'];
const error: MantineColorsTuple = ['#ffe9e9', '#ffd1d1', '#fba0a0', '#f76d6d', '#f34141', '#f12626', '#D90B0B', '#c00008', '#ab0004', '#960000'];

/**
 * A colour mixed with black, for text in that colour that must read at 4.5:1 on a light surface: half black is
 * enough for any of the spec's status colours (amber, the brightest, reads at 6:1 on Mantine's grey 0).
 */
export const darkened = (color: string, percent = 50) => `color-mix(in srgb, ${color}, black ${percent}%)`;

export const theme = createTheme({
  primaryColor: 'primary',
  primaryShade: 6,
  colors: { primary, secondary, error },
  defaultRadius: 'sm',
  // A filled badge or button writes black or white, whichever reads better on its colour: black from a relative
  // luminance of 0.179 up, where the two read alike (Mantine's 0.3 left white on red 6 and blue 6 at 3.3 and 3.6 to 1).
  autoContrast: true,
  luminanceThreshold: 0.179,
  // Text on a light variant (badges, alerts) in its colour's darkest shade and darker still: Mantine's own (yellow
  // on pale yellow, pink on pale pink, green on pale green) read at 2.5 to 4 to 1, under WCAG's 4.5.
  variantColorResolver: (input) => {
    const colors = defaultVariantColorsResolver(input);
    if (input.variant !== 'light') return colors;
    const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
    // A theme colour's darkest shade, else the colour itself (a status colour of the spec, bright amber among them:
    // #FFB000 darkened by 35% read 3.9:1 on its own tint), darkened until its text reads at 4.5:1 on the tint.
    const [base, darker] = parsed.isThemeColor ? [`var(--mantine-color-${parsed.color}-9)`, 35] : [parsed.value, 50];
    return { ...colors, color: darkened(base, darker) };
  },
  // Plain objects, not Button.extend(…): the theme would import every component it names, and the customers' pages
  // (public-main.tsx) would load the modal, drawer and password field with it.
  components: {
    // A button clips its label when a row is short of room (Mantine's button hides its overflow, so a flex row
    // shrinks it): "Sync now" read "Sync r". A button keeps its width; the text beside it wraps instead.
    Button: { styles: { root: { flexShrink: 0 } } },
    // Mantine's close button is an icon with no name: a screen reader said "button" (Lighthouse found the install sheet's).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A spinner named "Loading ratings" is a status: without the role its name is not read (axe: aria-prohibited-attr).
    Loader: { defaultProps: { role: 'status' } },
    // Mantine leaves the show-password button out of the tab order: a keyboard user could not check a typed key.
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
  },
});

/**
 * Secondary text at WCAG's 4.5 to 1: Mantine's dimmed grey (gray 6) reads at 3.3 on white and 2.5 on a selected
 * menu entry, and its placeholder grey (gray 5) at 2.1. A field's error is in the spec's error colour (5.3 to 1):
 * Mantine's own, red 6, read at 3.3 under every field of a form sent with a problem.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': 'var(--mantine-color-error-6)',
  },
  dark: {},
});
