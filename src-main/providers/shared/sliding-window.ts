/** Amounts (requests, tokens) recorded over the last `windowMs`: what a per-minute limit counts. */
export class SlidingWindow {
  private readonly times: number[] = [];
  private readonly amounts: number[] = [];
  private head = 0;
  private total = 0;

  constructor(readonly windowMs: number) {}

  add(at: number, amount = 1): void {
    this.times.push(at);
    this.amounts.push(amount);
    this.total += amount;
  }

  /** Sum of the amounts recorded in (now - windowMs, now]. */
  sum(now: number): number {
    this.expire(now);
    return this.total;
  }

  /** When the oldest amount still counted leaves the window (undefined when empty). */
  nextExpiry(now: number): number | undefined {
    this.expire(now);
    return this.head < this.times.length ? this.times[this.head] + this.windowMs : undefined;
  }

  private expire(now: number): void {
    while (this.head < this.times.length && this.times[this.head] + this.windowMs <= now) {
      this.total -= this.amounts[this.head];
      this.head++;
    }
    // compact now and then so the arrays do not grow with the run
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times.splice(0, this.head);
      this.amounts.splice(0, this.head);
      this.head = 0;
    }
  }
}
