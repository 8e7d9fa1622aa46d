import type { Database } from '../../db/database.ts';

/** The wallet secret the sandbox provider signs its calls with (the one the seamless wallet checks). */
export async function findProviderSecret(db: Database, platType: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('game_providers').select('wallet_secret').where('plat_type', '=', platType).executeTakeFirst();
  return row?.wallet_secret;
}
