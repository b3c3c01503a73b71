import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveWhenReady } from './moveWhenReady';

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

/** A load that is in when `done` is called. */
function load() {
  let done = () => {};
  const promise = new Promise<void>((resolve) => {
    done = resolve;
  });
  return { promise, done };
}

describe('moveWhenReady', () => {
  it('moves when the data is in, not before', async () => {
    const data = load();
    const move = vi.fn();
    moveWhenReady(data.promise, move);
    await Promise.resolve();
    expect(move).not.toHaveBeenCalled();
    data.done();
    await vi.waitFor(() => expect(move).toHaveBeenCalledOnce());
  });

  it('moves anyway after the cap when the data is slow, and once only', async () => {
    vi.useFakeTimers();
    const data = load();
    const move = vi.fn();
    moveWhenReady(data.promise, move, 300);
    await vi.advanceTimersByTimeAsync(299);
    expect(move).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(move).toHaveBeenCalledOnce();
    data.done();
    await vi.advanceTimersByTimeAsync(10);
    expect(move).toHaveBeenCalledOnce();
  });

  it('moves even when the data failed: the screen says why', async () => {
    const move = vi.fn();
    moveWhenReady(Promise.reject(new Error('offline')), move);
    await vi.waitFor(() => expect(move).toHaveBeenCalledOnce());
  });

  it('makes only the last of two quick clicks', async () => {
    const first = load();
    const second = load();
    const moves: string[] = [];
    moveWhenReady(first.promise, () => moves.push('first'));
    moveWhenReady(second.promise, () => moves.push('second'));
    first.done();
    second.done();
    await vi.waitFor(() => expect(moves).toEqual(['second']));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(moves).toEqual(['second']);
  });

  it('drops the move when the agent went elsewhere meanwhile', async () => {
    const data = load();
    const move = vi.fn();
    moveWhenReady(data.promise, move);
    window.history.pushState(null, '', '/wswt/search');
    data.done();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(move).not.toHaveBeenCalled();
  });
});
