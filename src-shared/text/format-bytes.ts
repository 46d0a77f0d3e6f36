/** 1536 -> "1.5 KB", 2048 -> "2 KB", 540000 -> "527 KB", 1000 -> "1000 bytes"; `empty` stands for an unknown size. */
export function formatBytes(n: number | undefined, empty = ''): string {
  if (n === undefined) return empty;
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : +v.toFixed(v >= 10 ? 0 : 1)} ${units[i]}`;
}
