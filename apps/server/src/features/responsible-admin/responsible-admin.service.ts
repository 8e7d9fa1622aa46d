import { formatCentavos } from '@casino/shared/money';
import type {
  AdminBalanceReturn,
  AdminCentralCheck,
  AdminCentralListEntry,
  AdminCommunication,
  AdminResponsibleMember,
  adminBalanceReturnsQuery,
  adminCentralChecksQuery,
  adminResponsibleMembersQuery,
} from '@casino/shared/schemas/responsible-admin';
import type { LimitKind, LimitPeriod } from '@casino/shared/schemas/responsible';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/http.ts';
import type { Actor } from '../../platform/audit/actor.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import { pageCommunications } from '../../platform/communications/communications.repository.ts';
import { markReturnPaid } from '../central-exclusion/balance-returns.service.ts';
import * as central from '../central-exclusion/central-exclusion.repository.ts';
import * as repo from './responsible-admin.repository.ts';
import { riskFlags } from './risk-flags.ts';

/**
 * The back office's responsible-gaming view (issue 12 item 10): members with limits, pauses,
 * exclusions and their risk flags; the federal register's checks; the balance returns queue; each
 * member's communications log; the sandbox federal list. Reading needs responsible.read, writing
 * responsible.manage; every write is audited.
 */

/** "***.456.789-**": operators see enough to match a document, the full CPF stays in the member's record. */
export function maskCpf(cpf: string): string {
  return /^\d{11}$/.test(cpf) ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : '***';
}

export async function responsibleMembers(ctx: AppContext, query: z.output<typeof adminResponsibleMembersQuery>) {
  const now = clock.nowIso();
  const { rows, total } = await repo.pageMembers(ctx.db, {
    filter: query.filter,
    memberId: query.member_id,
    now,
    page: query.page,
    pageSize: query.page_size,
  });
  const limits = await repo.limitsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const list: AdminResponsibleMember[] = [];
  for (const row of rows) {
    list.push({
      member_id: row.id,
      account: row.account,
      limits: limits
        .filter((l) => Number(l.member_id) === row.id)
        .map((l) => ({
          kind: l.kind as LimitKind,
          period: l.period as LimitPeriod,
          value: l.value === null ? null : Number(l.value),
          pending_value: l.pending_clear === 1 || l.pending_value === null ? null : Number(l.pending_value),
          pending_at: l.pending_at,
        })),
      paused_until: row.paused_until ?? null,
      excluded_at: row.excluded_at ?? null,
      excluded_until: row.excluded_until ?? null,
      exclusion_source: row.exclusion_source === 'central' ? 'central' : row.exclusion_source === 'self' ? 'self' : null,
      withdraw_until: row.withdraw_until ?? null,
      closed_at: row.closed_at ?? null,
      risk_flags: await riskFlags(ctx.db, row.id, now),
    });
  }
  return { list, total, page: query.page, page_size: query.page_size };
}

async function existingMember(ctx: AppContext, memberId: number) {
  const member = await repo.findMember(ctx.db, memberId);
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}

export async function memberRiskFlags(ctx: AppContext, memberId: number) {
  await existingMember(ctx, memberId);
  return { member_id: memberId, flags: await riskFlags(ctx.db, memberId, clock.nowIso()) };
}

export async function memberCommunications(ctx: AppContext, memberId: number, page: number, pageSize: number) {
  await existingMember(ctx, memberId);
  const { rows, total } = await pageCommunications(ctx.db, memberId, page, pageSize);
  const list: AdminCommunication[] = rows.map((row) => ({
    id: row.id,
    channel: row.channel as AdminCommunication['channel'],
    kind: row.kind,
    lang: row.lang,
    content: row.content,
    created_at: row.created_at,
  }));
  return { list, total, page, page_size: pageSize };
}

export async function centralChecks(ctx: AppContext, query: z.output<typeof adminCentralChecksQuery>) {
  const { rows, total } = await central.pageChecks(ctx.db, {
    memberId: query.member_id,
    result: query.result,
    page: query.page,
    pageSize: query.page_size,
  });
  const list: AdminCentralCheck[] = rows.map((row) => ({
    id: row.id,
    member_id: row.member_id === null ? null : Number(row.member_id),
    member_account: row.member_account ?? null,
    cpf: maskCpf(row.cpf),
    reason: row.reason as AdminCentralCheck['reason'],
    result: row.result as AdminCentralCheck['result'],
    checked_at: row.checked_at,
  }));
  return { list, total, page: query.page, page_size: query.page_size };
}

function toReturnView(row: Awaited<ReturnType<typeof central.pageReturns>>['rows'][number]): AdminBalanceReturn {
  return {
    id: row.id,
    member_id: Number(row.member_id),
    member_account: row.member_account,
    member_cpf: row.member_cpf ? maskCpf(row.member_cpf) : null,
    reason: row.reason === 'central_exclusion' ? 'central_exclusion' : 'self_exclusion',
    amount: formatCentavos(Number(row.amount_centavos)),
    status: row.status as AdminBalanceReturn['status'],
    key_type: row.key_type,
    pix_key: row.pix_key,
    withdrawal_id: row.withdrawal_id === null ? null : Number(row.withdrawal_id),
    ledger_key: row.ledger_key,
    note: row.note,
    operator: row.operator ?? null,
    created_at: row.created_at,
    paid_at: row.paid_at,
  };
}

export async function balanceReturns(ctx: AppContext, query: z.output<typeof adminBalanceReturnsQuery>) {
  const { rows, total } = await central.pageReturns(ctx.db, {
    status: query.status,
    memberId: query.member_id,
    page: query.page,
    pageSize: query.page_size,
  });
  return { list: rows.map(toReturnView), total, page: query.page, page_size: query.page_size };
}

export async function markBalanceReturnPaid(ctx: AppContext, actor: Actor, id: number, note: string) {
  await markReturnPaid(ctx, actor, id, note);
  const { rows } = await central.pageReturns(ctx.db, { id, page: 1, pageSize: 1 });
  return rows[0] ? toReturnView(rows[0]) : null;
}

export async function centralList(ctx: AppContext, page: number, pageSize: number) {
  const { rows, total } = await central.pageListedCpfs(ctx.db, page, pageSize);
  const list: AdminCentralListEntry[] = rows.map((row) => ({
    cpf: row.cpf,
    note: row.note,
    added_by: row.added_by ?? null,
    member_id: row.member_id === null || row.member_id === undefined ? null : Number(row.member_id),
    member_account: row.member_account ?? null,
    created_at: row.created_at,
  }));
  return { list, total, page, page_size: pageSize };
}

/** Adds a CPF to the sandbox list (audited); its member is blocked at the next check (daily login or the 15-day job). */
export async function addToCentralList(ctx: AppContext, actor: Actor, cpf: string, note: string | undefined) {
  await ctx.db.transaction().execute(async (trx) => {
    const added = await central.addListedCpf(trx, { cpf, operatorId: actor.operatorId, note: note?.trim() || null, now: clock.nowIso() });
    if (!added) throw new AppError('VALIDATION_FAILED', { fieldErrors: { cpf: ['central.list_exists'] } });
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'central_list.add',
      targetType: 'cpf',
      targetId: maskCpf(cpf),
      after: { cpf: maskCpf(cpf), note: note ?? null },
      ip: actor.ip,
    });
  });
}

export async function removeFromCentralList(ctx: AppContext, actor: Actor, cpf: string) {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await central.removeListedCpf(trx, cpf))) throw new AppError('NOT_FOUND');
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'central_list.remove',
      targetType: 'cpf',
      targetId: maskCpf(cpf),
      before: { cpf: maskCpf(cpf) },
      ip: actor.ip,
    });
  });
}
