import type { Database } from './database.ts';
import { nowIso } from './database.ts';

export const DEFAULT_SITE = {
  name: 'aurora',
  host: 'localhost',
  brand_name: 'Aurora Bet',
  default_lang: 'pt',
  support_url: 'https://t.me/aurorabet_suporte',
  logo_url: '/logo.svg',
  social_links: JSON.stringify([
    { name: 'Instagram', url: 'https://instagram.com/aurorabet', icon: 'instagram' },
    { name: 'Telegram', url: 'https://t.me/aurorabet', icon: 'telegram' },
    { name: 'WhatsApp', url: 'https://wa.me/5511999999999', icon: 'whatsapp' },
  ]),
};

/** First start: one site. Idempotent. */
export async function seedSite(db: Database): Promise<void> {
  const existing = await db.selectFrom('sites').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const now = nowIso();
  await db
    .insertInto('sites')
    .values({ ...DEFAULT_SITE, created_at: now, updated_at: now })
    .execute();
}
