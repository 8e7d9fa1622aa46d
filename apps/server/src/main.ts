import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { createLogger, startRuntime } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { expireOrders } from './features/deposits/deposits.repository.ts';
import { retryRefunds } from './features/deposits/payer-refunds.ts';
import { autoStandBlackjack } from './features/house-games/blackjack.service.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const log = createLogger(config);
  const runtime = await startRuntime(config, log);
  if (config.SEED_DEMO) {
    const { seedDemo } = await import('./demo-data.ts');
    await seedDemo(runtime.ctx);
  }
  const app = await buildApp(runtime.ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await runtime.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Deposit orders past their expiry are closed; each process may do it, the update is conditional.
  const sweeper = setInterval(() => {
    expireOrders(runtime.ctx.db, new Date().toISOString()).catch((error) => log.error({ err: error }, 'expiring deposit orders failed'));
    // Payments from another CPF whose return the PSP refused are tried again (each claimed once).
    retryRefunds(runtime.ctx).catch((error) => log.error({ err: error }, 'retrying deposit refunds failed'));
    // Blackjack hands left open 24 hours are stood and settled (each pays once, whichever process runs it).
    autoStandBlackjack(runtime.ctx).catch((error) => log.error({ err: error }, 'blackjack auto-stand failed'));
  }, 30_000);
  sweeper.unref();

  await app.listen({ port: config.PORT, host: config.HOST });
  runtime.listening((app.server.address() as AddressInfo).port);
  const site = runtime.ctx.publicUrl();
  log.info(`player site ${site}/  back office ${site}/admin  API docs ${site}/api/docs`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
