const units = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const formats = units.map((unit) => new Intl.NumberFormat('en-US', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }));

/** "512 bytes", "7.6 MB", "1.2 GB": a size as a person reads it, in thousands (as disks and databases are sold). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 999.95 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return formats[unit]!.format(value);
}
