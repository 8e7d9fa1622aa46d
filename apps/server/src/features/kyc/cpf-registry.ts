import type { CpfRegistry } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { findRegistryEntry, insertRegistryEntryIfAbsent } from './cpf-registry.repository.ts';

/**
 * The sandbox CPF registry: the table operators keep in the back office (KYC > CPF registry). The
 * identity check and registration consult it through the CpfRegistry port of context.ts; a real
 * bureau (Receita Federal's data) is one more implementation of that port.
 */
export function createSandboxCpfRegistry(db: Database): CpfRegistry {
  return {
    name: 'sandbox',
    async lookup(cpf) {
      const row = await findRegistryEntry(db, cpf);
      return row ? { fullName: row.full_name, birthDate: row.birth_date } : null;
    },
  };
}

/**
 * The entries the demo seed adds (docs/IDENTITY.md lists them): valid CPFs (check digits right)
 * for people who exist only here. The demo player's name is the first one's.
 */
export const DEMO_CPF_REGISTRY = [
  { cpf: '52998224725', full_name: 'Jogador Demonstração', birth_date: '1990-05-14' },
  { cpf: '11144477735', full_name: 'Maria da Silva', birth_date: '1985-11-30' },
  { cpf: '39053344705', full_name: 'João Pereira Araújo', birth_date: '1978-02-03' },
  /** Under 18 for years to come: the sandbox rejects it with under_age. */
  { cpf: '86288366757', full_name: 'Ana Beatriz Souza', birth_date: '2012-07-21' },
] as const;

export async function seedDemoCpfRegistry(db: Database): Promise<void> {
  const now = nowIso();
  for (const entry of DEMO_CPF_REGISTRY) await insertRegistryEntryIfAbsent(db, { ...entry, created_at: now });
}
