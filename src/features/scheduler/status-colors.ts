const dark = '#1a1b1e';
const white = '#ffffff';

/** WCAG relative luminance of a #rrggbb colour. */
function luminanceOf(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * Text that reads on a status colour: whichever of our dark text and white contrasts more with it. A fixed
 * luminance cut (0.18, where black and white cross) chose the dark text on the unconfirmed magenta, which our
 * dark (not black) text reads on at 3.8:1 against white's 4.6:1.
 */
export function textOn(color: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return white;
  const background = luminanceOf(hex);
  return contrast(background, luminanceOf(dark.slice(1))) > contrast(background, 1) ? dark : white;
}
