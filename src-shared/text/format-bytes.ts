/**
 * A size as a person reads it: 1000 -> "1000 bytes", 2048 -> "2 KB", 1536 -> "1.5 KB", 540000 -> "527 KB",
 * 10485760 -> "10 MB". One decimal below 10 (dropped when it is 0). `empty` stands for an unknown size.
 * The one size text of the app, the CLI and the import/export messages.
 */
export function formatBytes(n: number | undefined, empty = ''): string {
  if (n === undefined || !Number.isFinite(n)) return empty;
  if (Math.abs(n) < 1024) return `${n} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const shown = Math.abs(v) >= 10 ? Math.round(v) : +v.toFixed(1);
  return `${shown} ${units[i]}`;
}
