import type { HouseServerMessage } from '@casino/shared/schemas/house-games';

/**
 * The sockets of one shared-round game on this process. Messages are serialised once and written
 * to every open socket; a socket whose buffer backs up (a dead phone on a slow network) is closed
 * rather than left to grow without bound.
 */
export interface FeedSocket {
  readonly readyState: number;
  readonly OPEN: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const MAX_BUFFERED_BYTES = 1024 * 1024;
const SLICE = 200;
export const MAX_SOCKETS_PER_PROCESS = 20_000;

export class SocketFeed {
  private readonly sockets = new Set<FeedSocket>();

  get size(): number {
    return this.sockets.size;
  }

  add(socket: FeedSocket): boolean {
    if (this.sockets.size >= MAX_SOCKETS_PER_PROCESS) return false;
    this.sockets.add(socket);
    return true;
  }

  remove(socket: FeedSocket): void {
    this.sockets.delete(socket);
  }

  send(socket: FeedSocket, message: HouseServerMessage): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  /**
   * Sends one message to every socket. Each send is a system call, so a large audience is served
   * in slices with the event loop let in between (a cash-out arriving meanwhile is not held up
   * behind a thousand writes); broadcasts go out strictly in order, so no socket ever sees a
   * tick before the one that preceded it.
   */
  broadcast(message: HouseServerMessage): void {
    if (this.sockets.size === 0) return;
    this.outbox.push({ text: JSON.stringify(message), sockets: [...this.sockets], next: 0 });
    if (this.outbox.length === 1) this.sendSlice();
  }

  private readonly outbox: { text: string; sockets: FeedSocket[]; next: number }[] = [];

  private sendSlice(): void {
    let budget = SLICE;
    while (budget > 0 && this.outbox.length > 0) {
      const head = this.outbox[0] as { text: string; sockets: FeedSocket[]; next: number };
      while (budget > 0 && head.next < head.sockets.length) {
        const socket = head.sockets[head.next] as FeedSocket;
        head.next += 1;
        budget -= 1;
        if (socket.readyState !== socket.OPEN) continue;
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          socket.close(4408, 'too slow');
          this.sockets.delete(socket);
          continue;
        }
        socket.send(head.text);
      }
      if (head.next >= head.sockets.length) this.outbox.shift();
    }
    if (this.outbox.length > 0) setImmediate(() => this.sendSlice());
  }

  closeAll(): void {
    this.outbox.length = 0;
    for (const socket of this.sockets) socket.close(1001, 'server stopping');
    this.sockets.clear();
  }
}

/** "ma***23" (lib/mask-account.ts, shared with the live feed). */
export { maskAccount } from '../../../lib/mask-account.ts';

/** A multiplier in hundredths as the screens show it ("2.35"). */
export function formatHundredths(value: number): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

/** Sleeps until an epoch-ms instant (or the signal aborts). */
export function sleepUntil(at: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, at - Date.now()));
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
