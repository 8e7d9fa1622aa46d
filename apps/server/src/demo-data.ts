import type { AppContext } from './context.ts';
import { register } from './features/auth/auth.service.ts';
import { seedDemoCpfRegistry } from './features/kyc/cpf-registry.ts';
import { findMemberByAccount } from './platform/members/members.repository.ts';
import { findDefaultSite } from './platform/sites/sites.repository.ts';

export const DEMO_MEMBER = { account: 'demo', password: 'demo123456', realname: 'Jogador Demonstração', phone: '+5511987650000' };

/**
 * Demo data for `npm start` (SEED_DEMO): one player to log in with. Idempotent. A top-floor module
 * beside main.ts, which calls it after the runtime is up; not a CLI.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  // The sandbox CPF registry's documented entries (docs/IDENTITY.md); added once each.
  await seedDemoCpfRegistry(ctx.db);
  if (await findMemberByAccount(ctx.db, DEMO_MEMBER.account)) return;
  const site = await findDefaultSite(ctx.db);
  if (!site) return;
  const demoCtx = { ...ctx, config: { ...ctx.config, CASINO_CAPTCHA: 'disabled' as const } };
  await register(demoCtx, site, DEMO_MEMBER, { ip: '127.0.0.1', userAgent: 'seed' });
  ctx.log.info(`demo player: account "${DEMO_MEMBER.account}", password "${DEMO_MEMBER.password}"`);
}
