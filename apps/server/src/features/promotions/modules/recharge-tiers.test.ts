import { describe, expect, it } from 'vitest';
import { rechargeTiersModule, tierOf, tierRatioBp, tierReward, tiersPeriod } from './recharge-tiers.ts';

const config = rechargeTiersModule.defaults.config;
const tiers = config.tiers;
const reais = (value: number) => Math.round(value * 100);

describe('recharge promotion tiers (spec section 9)', () => {
  it('places a total in its tier: nothing below 1,000.00, diamond from 60,001.00', () => {
    expect(tierOf(tiers, reais(999.99))).toBeUndefined();
    expect(tierOf(tiers, reais(1_000))?.name).toBe('bronze');
    expect(tierOf(tiers, reais(5_000))?.name).toBe('bronze');
    expect(tierOf(tiers, reais(5_001))?.name).toBe('silver');
    expect(tierOf(tiers, reais(15_001))?.name).toBe('gold');
    expect(tierOf(tiers, reais(30_001))?.name).toBe('platinum');
    expect(tierOf(tiers, reais(60_001))?.name).toBe('diamond');
    expect(tierOf(tiers, reais(250_000))?.name).toBe('diamond');
  });

  it('interpolates the ratio linearly inside each tier, in whole basis points', () => {
    expect(tierRatioBp(tiers, reais(999.99))).toBe(0);
    expect(tierRatioBp(tiers, reais(1_000))).toBe(500);
    expect(tierRatioBp(tiers, reais(3_000))).toBe(750);
    expect(tierRatioBp(tiers, reais(5_000))).toBe(1_000);
    // Between two tiers (5,000.01 .. 5,000.99) the lower tier's top ratio holds.
    expect(tierRatioBp(tiers, reais(5_000.5))).toBe(1_000);
    expect(tierRatioBp(tiers, reais(5_001))).toBe(1_000);
    expect(tierRatioBp(tiers, reais(10_000))).toBe(1_249); // 1000 + ⌊500 × 4,999 / 9,999⌋
    expect(tierRatioBp(tiers, reais(15_000))).toBe(1_500);
    expect(tierRatioBp(tiers, reais(15_001))).toBe(1_500);
    expect(tierRatioBp(tiers, reais(22_500.5))).toBe(1_650); // 1500 + ⌊300 × 749,950 / 1,499,900⌋
    expect(tierRatioBp(tiers, reais(60_000))).toBe(2_000);
    expect(tierRatioBp(tiers, reais(80_000))).toBe(2_000);
  });

  it('never lowers the ratio as the total grows', () => {
    let previous = 0;
    for (let total = 0; total <= reais(110_000); total += 12_345) {
      const ratio = tierRatioBp(tiers, total);
      expect(ratio).toBeGreaterThanOrEqual(previous);
      previous = ratio;
    }
  });

  it('pays ⌊min(total, 100,000.00) × ratio⌋', () => {
    expect(tierReward(config, reais(999.99))).toBe(0);
    expect(tierReward(config, reais(1_000))).toBe(reais(50));
    expect(tierReward(config, reais(1_010))).toBe(reais(50.6));
    expect(tierReward(config, reais(10_000))).toBe(reais(1_249));
    expect(tierReward(config, reais(100_000))).toBe(reais(20_000));
    expect(tierReward(config, reais(400_000))).toBe(reais(20_000));
    expect(tierReward(config, 123_457)).toBe(6_530); // 1,234.57: 500 + ⌊500 × 23,457 / 400,000⌋ = 529 bp
  });

  it('measures the São Paulo month, or the activity own dates when it has them', () => {
    // 2025-03-01 01:00 UTC is still 28 February in São Paulo.
    expect(tiersPeriod(null, null, new Date('2025-03-01T01:00:00.000Z'))).toEqual({
      label: '2025-02',
      from: '2025-02-01T03:00:00.000Z',
      to: '2025-03-01T03:00:00.000Z',
    });
    expect(tiersPeriod(null, null, new Date('2025-12-31T12:00:00.000Z'))).toMatchObject({
      label: '2025-12',
      to: '2026-01-01T03:00:00.000Z',
    });
    expect(tiersPeriod('2025-05-10T03:00:00.000Z', '2025-05-20T03:00:00.000Z', new Date('2025-05-15T00:00:00.000Z'))).toEqual({
      label: '2025-05-10',
      from: '2025-05-10T03:00:00.000Z',
      to: '2025-05-20T03:00:00.000Z',
    });
  });

  it('accepts its defaults and refuses overlapping tiers', () => {
    expect(rechargeTiersModule.configSchema.safeParse(config).success).toBe(true);
    const overlapping = { ...config, tiers: [tiers[1], tiers[0]] };
    expect(rechargeTiersModule.configSchema.safeParse(overlapping).success).toBe(false);
  });
});
