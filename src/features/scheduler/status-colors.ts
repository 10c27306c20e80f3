/** Text that reads on a status colour: dark on the light ones (amber, orange, light blue), white on the rest. */
export function textOn(color: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // White wins below this luminance (the WCAG contrast of white and black cross near 0.18).
  return luminance > 0.18 ? '#1a1b1e' : '#ffffff';
}
