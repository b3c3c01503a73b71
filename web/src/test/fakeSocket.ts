type TListener = (...args: unknown[]) => void;

/**
 * A socket.io client double for screen tests (the server is `fakeServer`'s, so is the socket):
 * records what the screen emits, answers acks with `ack(event, payload)`, and lets a test push
 * server events with `push(event, payload)`. Use with
 * `vi.mock('socket.io-client', () => ({ io: () => fakeSocket.connect() }))`.
 */
export class FakeSocket {
  connected = false;
  readonly emitted: Array<{ event: string; payload: unknown }> = [];
  private readonly listeners = new Map<string, Set<TListener>>();
  ack: (event: string, payload: unknown) => unknown = (event) => ({
    code: '0000',
    msg: 'Success',
    // As the server answers: joining a ticket's presence returns who is on it.
    data: event === 'ticket_view' ? { viewers: [] } : null,
  });

  on(event: string, fn: TListener) {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(fn);
    return this;
  }
  off(event: string, fn: TListener) {
    this.listeners.get(event)?.delete(fn);
    return this;
  }
  emit(event: string, payload?: unknown, ack?: unknown) {
    this.emitted.push({ event, payload });
    if (typeof ack === 'function') {
      const reply = this.ack(event, payload);
      queueMicrotask(() => (ack as TListener)(reply));
    }
    return this;
  }
  close() {
    this.connected = false;
  }
  /** The server sends an event to this client. */
  push(event: string, payload?: unknown) {
    for (const fn of [...(this.listeners.get(event) ?? [])]) {
      fn(payload);
    }
  }
  /** The connection opens (as socket.io would, a moment after `io()`). */
  open() {
    this.connected = true;
    this.push('connect');
  }
  emittedOf(event: string) {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }
}

/** The sockets the screens opened, newest last. */
export const fakeSockets: FakeSocket[] = [];

/** Set to false for a server whose socket never connects (the poll fallback). */
export const fakeSocketOptions = { autoOpen: true };

export function fakeIo() {
  const socket = new FakeSocket();
  fakeSockets.push(socket);
  if (fakeSocketOptions.autoOpen) {
    setTimeout(() => socket.open(), 0);
  }
  return socket;
}

export function resetFakeSockets() {
  fakeSockets.length = 0;
}
