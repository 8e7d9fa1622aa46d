import { moneyStringToCentavos } from '@casino/shared/money';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { EMPTY_USER, getUser, setUser } from '../../../lib/session.ts';
import { activeHolds, HOLD_MAX_MS, heldCentavos, holdBalance, releaseAllHolds } from './balance-hold.ts';

/** What a bet's answer, the /ws balance push and /api/auth/me all do: replace the session's money. */
const serverSays = (money: string) => setUser({ ...getUser(), money });

/** The figure the top bar shows: the held one, or the real balance. */
const shown = () => heldCentavos() ?? moneyStringToCentavos(getUser().money);

beforeEach(() => {
  vi.useFakeTimers();
  setUser({ ...EMPTY_USER, money: '100.00' });
});

afterEach(() => {
  releaseAllHolds();
  vi.useRealTimers();
});

describe('balance hold', () => {
  test('shows balance minus stake until the animation ends, whatever the server pushes meanwhile', () => {
    const hold = holdBalance(500);
    expect(shown()).toBe(9_500);
    // The bet's answer, then the /ws push, carry the settled balance (a R$ 20,00 win).
    serverSays('115.00');
    expect(shown()).toBe(9_500);
    serverSays('115.00');
    expect(shown()).toBe(9_500);
    hold.release(2_000);
    expect(heldCentavos()).toBeNull();
    expect(shown()).toBe(11_500);
  });

  test('a refused bet gives the stake back', () => {
    const hold = holdBalance(500);
    hold.cancel();
    expect(heldCentavos()).toBeNull();
    expect(shown()).toBe(10_000);
  });

  test('several balls in flight: each landing adds its own payout, the last one shows the real balance', () => {
    const first = holdBalance(100);
    serverSays('99.50'); // paid 0,50
    const second = holdBalance(100);
    serverSays('101.50'); // paid 3,00
    expect(shown()).toBe(9_800);
    first.release(50);
    expect(shown()).toBe(9_850);
    // A deposit credited in the middle waits for the last ball too.
    serverSays('111.50');
    expect(shown()).toBe(9_850);
    second.release(300);
    expect(shown()).toBe(11_150);
    expect(activeHolds()).toBe(0);
  });

  test('a refused second ball gives its stake back without releasing the first', () => {
    const first = holdBalance(100);
    const second = holdBalance(200);
    expect(shown()).toBe(9_700);
    second.cancel();
    expect(shown()).toBe(9_900);
    expect(activeHolds()).toBe(1);
    first.release(0);
    expect(heldCentavos()).toBeNull();
  });

  test('release and cancel are idempotent', () => {
    const first = holdBalance(100);
    const second = holdBalance(100);
    first.release(300);
    first.release(300);
    first.cancel();
    expect(shown()).toBe(10_100);
    second.release(0);
    second.release(0);
    expect(activeHolds()).toBe(0);
  });

  test('never shows less than zero, and gives back only what it took', () => {
    setUser({ ...EMPTY_USER, money: '0.30' });
    const hold = holdBalance(100);
    expect(shown()).toBe(0);
    const other = holdBalance(100);
    hold.cancel();
    expect(shown()).toBe(30);
    other.cancel();
    expect(heldCentavos()).toBeNull();
  });

  test('a hold nobody releases ends on its own', () => {
    holdBalance(500);
    serverSays('95.00');
    vi.advanceTimersByTime(HOLD_MAX_MS - 1);
    expect(heldCentavos()).toBe(9_500);
    vi.advanceTimersByTime(1);
    expect(heldCentavos()).toBeNull();
    expect(activeHolds()).toBe(0);
  });

  test('releaseAllHolds (the shell closing) ends every hold at once', () => {
    holdBalance(100);
    holdBalance(100);
    serverSays('250.00');
    releaseAllHolds();
    expect(activeHolds()).toBe(0);
    expect(shown()).toBe(25_000);
  });
});
