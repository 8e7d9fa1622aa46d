import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { createKeyKeeper, newIdempotencyKey } from './idempotency.ts';

const failure = (status: number) => new ApiError(status, { code: status, status: 'error', message: 'x', data: null });

describe('idempotency keys', () => {
  it('makes keys the server accepts, different each time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('keeps the key of a request whose answer was lost, and forgets it once the server answered', () => {
    const keeper = createKeyKeeper();
    const first = keeper.keyFor('100.00|7');
    keeper.settle(new ApiError(0, { code: 0, status: 'error', message: 'network', data: null }));
    expect(keeper.keyFor('100.00|7')).toBe(first);
    keeper.settle(failure(502));
    expect(keeper.keyFor('100.00|7')).toBe(first);
    // Another request (the player changed the amount) is a new key.
    const other = keeper.keyFor('50.00|7');
    expect(other).not.toBe(first);
    keeper.settle(failure(422));
    expect(keeper.keyFor('50.00|7')).not.toBe(other);
    const sent = keeper.keyFor('50.00|7');
    keeper.settle();
    expect(keeper.keyFor('50.00|7')).not.toBe(sent);
  });
});
