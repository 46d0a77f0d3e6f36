/**
 * Origins of global-node jumps. Entering a global node through an entry condition pushes the node
 * the conversation was on; a go-back condition pops one level and resumes there. Global nodes can
 * trigger other global nodes; each go-back pops one level.
 */
export class GlobalStack {
  private readonly items: { origin: string; global: string }[] = [];

  push(origin: string, global: string): void {
    this.items.push({ origin, global });
  }

  pop(): { origin: string; global: string } | undefined {
    return this.items.pop();
  }

  get size(): number {
    return this.items.length;
  }

  /** True when the node is on the stack as a global node entered and not yet left by go-back. */
  holdsGlobal(nodeId: string): boolean {
    return this.items.some((i) => i.global === nodeId);
  }

  origins(): string[] {
    return this.items.map((i) => i.origin);
  }
}
