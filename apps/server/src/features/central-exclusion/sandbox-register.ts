import type { CentralExclusionRegistry } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { findListedCpf } from './central-exclusion.repository.ts';

/**
 * The sandbox federal self-exclusion register: a CPF is "Impedido" while operators keep it on the
 * list in the back office (Jogo responsável > Cadastro federal), "Não Impedido" otherwise. It
 * answers as SIGAP does, one CPF at a time; a real SIGAP client is one more implementation of
 * CentralExclusionRegistry (context.ts), wired in bootstrap.ts.
 */
export function createSandboxCentralRegister(db: Database): CentralExclusionRegistry {
  return {
    name: 'sandbox',
    async check(cpf) {
      return (await findListedCpf(db, cpf)) ? 'impedido' : 'nao_impedido';
    },
  };
}
