import { EventEmitter } from 'node:events';
import type { AppEvent } from '../../../src-shared/contract/index.js';

/** Fan-out of app events (run progress, streamed tokens, pulls) to every connected window or socket. */
export class EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  emit(event: AppEvent): void {
    this.emitter.emit('event', event);
  }

  on(listener: (event: AppEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
