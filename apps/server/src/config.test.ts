import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicUrl } from './config.ts';

describe('configuration', () => {
  it('runs out of the box with defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, CASINO_CAPTCHA: 'enabled', PIX_PROVIDER: 'sandbox', SESSION_IDLE_MINUTES: 30 });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('points the public address at the port the server listens on unless PUBLIC_URL says otherwise', () => {
    expect(publicUrl(loadConfig({}))).toBe('http://localhost:3000');
    expect(publicUrl(loadConfig({ PORT: '4101' }))).toBe('http://localhost:4101');
    // PORT=0: the system chooses the port; the address follows it once the server listens.
    expect(publicUrl(loadConfig({ PORT: '0' }), 43_117)).toBe('http://localhost:43117');
    expect(publicUrl(loadConfig({ PORT: '4101', PUBLIC_URL: 'https://casino.example/' }), 4101)).toBe('https://casino.example');
    expect(() => loadConfig({ PUBLIC_URL: 'casino.example' })).toThrow(/PUBLIC_URL="casino.example"/);
  });

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ REDIS_URL: 'localhost' })).toThrow(ConfigError);
  });

  it('refuses a disabled captcha in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CASINO_CAPTCHA: 'disabled' })).toThrow(/CASINO_CAPTCHA/);
  });

  it('refuses the sandbox randomness beacon in production: chain salts must come from a public beacon', () => {
    expect(loadConfig({}).FAIRNESS_BEACON).toBe('sandbox');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/FAIRNESS_BEACON="": must be "drand" when NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', FAIRNESS_BEACON: 'sandbox' })).toThrow(/FAIRNESS_BEACON="sandbox"/);
    expect(loadConfig({ NODE_ENV: 'production', FAIRNESS_BEACON: 'drand' }).FAIRNESS_BEACON).toBe('drand');
    expect(() => loadConfig({ FAIRNESS_BEACON: 'bitcoin' })).toThrow(/FAIRNESS_BEACON/);
  });

  it('rains every 5 hours by default, and never more often than every 5 minutes in production', () => {
    expect(loadConfig({})).toMatchObject({
      RAIN_INTERVAL_MS: 18_000_000,
      RAIN_POT: 5_000,
      RAIN_CLAIM: 'claim',
      RAIN_ENABLED: true,
      RAIN_OFF_WHEN_REGULATED: true,
    });
    expect(loadConfig({ RAIN_INTERVAL_MS: '30000' }).RAIN_INTERVAL_MS).toBe(30_000);
    expect(() => loadConfig({ NODE_ENV: 'production', FAIRNESS_BEACON: 'drand', RAIN_INTERVAL_MS: '30000' })).toThrow(
      /RAIN_INTERVAL_MS="30000"/,
    );
    expect(() => loadConfig({ RAIN_CLAIM: 'storm' })).toThrow(/RAIN_CLAIM/);
  });
});
