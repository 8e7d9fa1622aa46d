import { crashPointFromHash, verifyChain } from '@casino/games/crash';
import { doubleRollFromHash } from '@casino/games/double';
import { hashServerSeed } from '@casino/games/fair';
import type { RoundDetail, RoundSharedRound } from '@casino/shared/schemas/games-admin';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Badge, EmptyState, ErrorState, PageHeader, Skeleton } from '../../../components/feedback';
import { AlertIcon, CheckIcon, LockIcon, SearchIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/api-client';
import { usePermission } from '../../../lib/auth';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useRoundLookup } from '../api/games-admin';
import { Fact, FairIcon, useCategoryLabel } from './games-ui';

const STATUS_TONES = { settled: 'green', open: 'amber', rolled_back: 'slate' } as const;

export function RoundLookupPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = (params.get('id') ?? '').trim().slice(0, 128);
  const platType = (params.get('provider') ?? '').trim().slice(0, 32);
  const round = useRoundLookup(id, platType);
  const ids = { id: useId(), provider: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const typed = String(form.get('id') ?? '').trim();
    const provider = String(form.get('provider') ?? '').trim();
    if (typed) next.set('id', typed);
    if (provider) next.set('provider', provider);
    setParams(next);
  }

  return (
    <>
      <PageHeader title={t('game_rounds.title')} subtitle={t('game_rounds.subtitle')} />
      <search className="mb-4 block">
        <form key={`${id}|${platType}`} onSubmit={submit} className="card flex flex-col gap-3 p-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={ids.id} className="field-label">
              {t('game_rounds.id_label')}
            </label>
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500" width={16} height={16} />
              <input
                id={ids.id}
                name="id"
                type="search"
                defaultValue={id}
                placeholder={t('game_rounds.id_placeholder')}
                maxLength={128}
                autoComplete="off"
                spellCheck={false}
                required
                className="input pl-9 font-mono"
              />
            </div>
          </div>
          <div className="sm:w-44">
            <label htmlFor={ids.provider} className="field-label">
              {t('game_rounds.provider_label')}
            </label>
            <input
              id={ids.provider}
              name="provider"
              defaultValue={platType}
              placeholder={t('game_rounds.provider_placeholder')}
              maxLength={32}
              autoComplete="off"
              spellCheck={false}
              className="input font-mono"
            />
          </div>
          <button type="submit" className="btn-primary">
            <SearchIcon width={16} height={16} />
            {t('game_rounds.search')}
          </button>
        </form>
      </search>

      {id === '' ? (
        <section className="card">
          <EmptyState title={t('game_rounds.start_title')} hint={t('game_rounds.start_hint')} />
        </section>
      ) : round.isPending ? (
        <section className="card space-y-3 p-5" role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-6 w-56" />
          <Skeleton className="h-4 w-80" />
          <Skeleton className="h-24 w-full" />
        </section>
      ) : round.isError ? (
        <section className="card">
          <ErrorState message={errorMessage(round.error)} onRetry={() => void round.refetch()} />
        </section>
      ) : round.data === null ? (
        <section className="card">
          <EmptyState title={t('game_rounds.not_found', { id })} hint={t('game_rounds.not_found_hint')} />
        </section>
      ) : (
        <RoundView round={round.data} />
      )}
    </>
  );
}

function Money({ value, tone = false }: { value: string; tone?: boolean }) {
  const language = useLanguage();
  const negative = value.startsWith('-');
  const zero = /^-?0+(\.0+)?$/.test(value);
  const color = !tone || zero ? 'text-white' : negative ? 'text-rose-300' : 'text-emerald-300';
  return <span className={`tabular-nums ${color}`}>{formatMoney(value, language)}</span>;
}

function RoundView({ round }: { round: RoundDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const categoryLabel = useCategoryLabel();
  const canSeeMembers = usePermission('members.read');
  return (
    <div className="space-y-4" data-testid="round-detail">
      {round.other_matches.length > 0 && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-amber-500/25 bg-amber-500/10 px-3 py-2 text-sm text-amber-200">
          <AlertIcon width={15} height={15} />
          {t('game_rounds.other_matches')}
          {round.other_matches.map((other) => (
            <Link
              key={other.id}
              to={`/game-rounds?id=${other.id}`}
              className="rounded bg-white/5 px-1.5 font-mono text-xs text-gold-300 hover:underline"
            >
              #{other.id} · {other.plat_type}
            </Link>
          ))}
        </p>
      )}

      <section className="card p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-semibold text-white">{t('game_rounds.round_title', { id: round.id })}</h2>
              <Badge tone={STATUS_TONES[round.status as keyof typeof STATUS_TONES] ?? 'slate'}>
                {t(`game_rounds.status.${round.status}`, { defaultValue: round.status })}
              </Badge>
              {round.is_house && (
                <Badge tone="gold">
                  <FairIcon width={12} height={12} />
                  {t('game_rounds.house')}
                </Badge>
              )}
            </div>
            <p className="mt-1 break-all font-mono text-xs text-slate-400">{round.round_uid}</p>
          </div>
          <div className="grid grid-cols-3 gap-4 text-right">
            <BigFigure label={t('game_rounds.bet')}>
              <Money value={round.bet} />
            </BigFigure>
            <BigFigure label={t('game_rounds.win')}>
              <Money value={round.win} />
            </BigFigure>
            <BigFigure label={t('game_rounds.net')}>
              <Money value={round.net} tone />
            </BigFigure>
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-white/5 pt-4 sm:grid-cols-3 lg:grid-cols-5">
          <Fact label={t('game_rounds.member')}>
            {canSeeMembers ? (
              <Link to={`/members/${round.member_id}`} className="text-gold-300 hover:text-gold-400 hover:underline">
                {round.member_account}
              </Link>
            ) : (
              round.member_account
            )}
            <span className="ml-1 text-xs text-slate-500">#{round.member_id}</span>
          </Fact>
          <Fact label={t('game_rounds.game')}>
            {round.game_name}
            <span className="block text-xs text-slate-500">
              {categoryLabel(round.category)} · <span className="font-mono">{round.game_code}</span>
            </span>
          </Fact>
          <Fact label={t('game_rounds.provider')}>
            {round.provider_name}
            <span className="block font-mono text-xs text-slate-500">{round.plat_type}</span>
          </Fact>
          <Fact label={t('game_rounds.created_at')}>{formatDateTime(round.created_at, language)}</Fact>
          <Fact label={t('game_rounds.settled_at')}>{formatDateTime(round.settled_at, language)}</Fact>
        </dl>
      </section>

      {round.shared_round ? <SharedRoundCard shared={round.shared_round} /> : round.is_house && <SeedCard round={round} />}
      <TransactionsCard round={round} />
      <OutcomeCard outcome={round.outcome} />
    </div>
  );
}

function BigFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-0.5 text-base font-semibold sm:text-lg">{children}</p>
    </div>
  );
}

function CopyableCode({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <span className="flex items-start gap-2">
      <code className="min-w-0 flex-1 break-all rounded bg-navy-950/60 px-2 py-1 font-mono text-[12px] text-slate-200">{value}</code>
      <button
        type="button"
        className="btn-ghost h-7 shrink-0 px-2 text-xs"
        aria-label={t('game_rounds.copy_named', { name: label })}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          });
        }}
      >
        {copied ? <CheckIcon width={14} height={14} /> : t('game_rounds.copy')}
      </button>
    </span>
  );
}

/** The seed pair, and for a revealed seed the commitment checked here, by the games package's own hash. */
function SeedCard({ round }: { round: RoundDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const seed = round.seed;
  if (!seed) {
    return (
      <section className="card p-4 sm:p-5">
        <CardTitle>{t('game_rounds.seed_title')}</CardTitle>
        <p className="text-sm text-slate-400">{t('game_rounds.seed_shared')}</p>
      </section>
    );
  }
  const matches = seed.server_seed !== null ? hashServerSeed(seed.server_seed) === seed.server_seed_hash : null;
  return (
    <section className="card p-4 sm:p-5" data-testid="round-seed">
      <CardTitle>{t('game_rounds.seed_title')}</CardTitle>
      <dl className="grid gap-3 lg:grid-cols-2">
        <Fact label={t('game_rounds.server_seed_hash')}>
          <CopyableCode value={seed.server_seed_hash} label={t('game_rounds.server_seed_hash')} />
        </Fact>
        <Fact label={t('game_rounds.server_seed')}>
          {seed.server_seed !== null ? (
            <CopyableCode value={seed.server_seed} label={t('game_rounds.server_seed')} />
          ) : (
            <span className="flex items-start gap-2 text-sm text-slate-400">
              <LockIcon width={14} height={14} className="mt-0.5 shrink-0 text-gold-400" />
              {t('game_rounds.server_seed_hidden')}
            </span>
          )}
        </Fact>
        <Fact label={t('game_rounds.client_seed')}>
          <CopyableCode value={seed.client_seed} label={t('game_rounds.client_seed')} />
        </Fact>
        <div className="grid grid-cols-2 gap-3">
          <Fact label={t('game_rounds.nonce')} mono>
            {seed.nonce ?? '—'}
          </Fact>
          <Fact label={t('game_rounds.revealed_at')}>{formatDateTime(seed.revealed_at, language)}</Fact>
        </div>
      </dl>
      {matches !== null && (
        <p
          className={`mt-4 flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
            matches
              ? 'border border-emerald-500/25 bg-emerald-500/10 text-emerald-200'
              : 'border border-rose-500/30 bg-rose-500/10 text-rose-200'
          }`}
          data-testid="seed-check"
        >
          {matches ? <CheckIcon width={15} height={15} className="shrink-0" /> : <AlertIcon width={15} height={15} className="shrink-0" />}
          {matches ? t('game_rounds.hash_matches') : t('game_rounds.hash_mismatch')}
        </p>
      )}
    </section>
  );
}

const SHARED_STATUS_TONES = { betting: 'blue', running: 'amber', spinning: 'amber', ended: 'green', cancelled: 'slate' } as const;
const BET_STATUS_TONES = { open: 'amber', won: 'green', lost: 'slate', refunded: 'blue' } as const;
const COLOR_DOTS = { red: 'bg-rose-500', black: 'bg-slate-900 ring-1 ring-slate-500', white: 'bg-white' } as const;

function ColorName({ color }: { color: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className={`inline-block size-3 rounded-full ${COLOR_DOTS[color as keyof typeof COLOR_DOTS] ?? 'bg-slate-500'}`}
      />
      {t(`game_rounds.shared.colors.${color}`, { defaultValue: color })}
    </span>
  );
}

function Hidden({ children }: { children: ReactNode }) {
  return (
    <span className="flex items-start gap-2 text-sm text-slate-400">
      <LockIcon width={14} height={14} className="mt-0.5 shrink-0 text-gold-400" />
      {children}
    </span>
  );
}

/**
 * Whether a revealed round hash walks to the chain's published terminating hash in exactly
 * chain_index + 1 steps and gives the result shown; null while there is nothing to check.
 */
function useChainCheck(shared: RoundSharedRound): boolean | null {
  return useMemo(() => {
    const { hash, salt, terminating_hash: terminating } = shared;
    if (hash === null || salt === null || terminating === null) return null;
    if (verifyChain(hash, terminating, shared.chain_index + 1) !== shared.chain_index + 1) return false;
    if (shared.game === 'crash') {
      return shared.crash_point !== null && Math.round(Number(shared.crash_point) * 100) === crashPointFromHash(hash, salt);
    }
    return shared.roll === doubleRollFromHash(hash, salt);
  }, [shared]);
}

/** Crash and double: the shared round the bet was placed in, its result and commitment, and the member's stakes. */
function SharedRoundCard({ shared }: { shared: RoundSharedRound }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const check = useChainCheck(shared);
  const multiplier = (value: string) => t('game_rounds.shared.multiplier', { value });
  const over = shared.status === 'ended' || shared.status === 'cancelled';
  return (
    <section className="card p-4 sm:p-5" data-testid="round-shared">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-300">{t('game_rounds.shared.title')}</h3>
        <Badge tone={SHARED_STATUS_TONES[shared.status as keyof typeof SHARED_STATUS_TONES] ?? 'slate'}>
          {t(`game_rounds.shared.status.${shared.status}`, { defaultValue: shared.status })}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label={t('game_rounds.shared.number')} mono>
          #{shared.id}
        </Fact>
        <Fact label={shared.game === 'crash' ? t('game_rounds.shared.crash_point') : t('game_rounds.shared.roll')}>
          {shared.game === 'crash' && shared.crash_point !== null ? (
            <span className="text-base font-semibold text-white tabular-nums">{multiplier(shared.crash_point)}</span>
          ) : shared.game === 'double' && shared.roll !== null && shared.color !== null ? (
            <span className="flex items-center gap-2 text-base font-semibold text-white">
              <span className="tabular-nums">{shared.roll}</span>
              <ColorName color={shared.color} />
            </span>
          ) : (
            <span className="text-slate-400">{t('game_rounds.shared.result_pending')}</span>
          )}
        </Fact>
        <Fact label={t('game_rounds.shared.opened_at')}>{formatDateTime(shared.created_at, language)}</Fact>
        <Fact label={t('game_rounds.shared.betting_ends_at')}>{formatDateTime(shared.betting_ends_at, language)}</Fact>
        <Fact label={t('game_rounds.shared.started_at')}>{formatDateTime(shared.started_at, language)}</Fact>
        <Fact label={t('game_rounds.shared.ended_at')}>{formatDateTime(shared.ended_at, language)}</Fact>
      </dl>

      <dl className="mt-4 grid gap-3 border-t border-white/5 pt-4 lg:grid-cols-2">
        <Fact label={t('game_rounds.shared.hash')}>
          {shared.hash !== null ? (
            <CopyableCode value={shared.hash} label={t('game_rounds.shared.hash')} />
          ) : (
            <Hidden>{t('game_rounds.shared.hash_hidden')}</Hidden>
          )}
        </Fact>
        <Fact label={t('game_rounds.shared.chain')}>
          <span className="font-mono text-[13px]">
            {t('game_rounds.shared.chain_position', { id: shared.chain_id, index: shared.chain_index })}
          </span>
        </Fact>
        <Fact label={t('game_rounds.shared.salt')}>
          {shared.salt !== null ? (
            <CopyableCode value={shared.salt} label={t('game_rounds.shared.salt')} />
          ) : (
            <span className="text-slate-400">{t('game_rounds.shared.not_stored')}</span>
          )}
        </Fact>
        <Fact label={t('game_rounds.shared.terminating_hash')}>
          {shared.terminating_hash !== null ? (
            <CopyableCode value={shared.terminating_hash} label={t('game_rounds.shared.terminating_hash')} />
          ) : (
            <span className="text-slate-400">{t('game_rounds.shared.not_stored')}</span>
          )}
        </Fact>
      </dl>
      {over && check !== null && (
        <p
          className={`mt-4 flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
            check
              ? 'border border-emerald-500/25 bg-emerald-500/10 text-emerald-200'
              : 'border border-rose-500/30 bg-rose-500/10 text-rose-200'
          }`}
          data-testid="chain-check"
        >
          {check ? <CheckIcon width={15} height={15} className="shrink-0" /> : <AlertIcon width={15} height={15} className="shrink-0" />}
          {check ? t('game_rounds.shared.check_ok') : t('game_rounds.shared.check_fail')}
        </p>
      )}

      <h4 className="mt-5 mb-2 text-xs font-semibold uppercase tracking-wide text-slate-400">{t('game_rounds.shared.bets_title')}</h4>
      {shared.bets.length === 0 ? (
        <p className="text-sm text-slate-400">{t('game_rounds.shared.no_bets')}</p>
      ) : (
        <ul className="divide-y divide-white/5 rounded-lg border border-white/5" data-testid="round-shared-bets">
          {shared.bets.map((bet) => (
            <li
              key={`${bet.choice}-${bet.created_at}`}
              className={`grid grid-cols-2 gap-x-4 gap-y-2 px-3 py-2.5 text-sm ${shared.game === 'crash' ? 'sm:grid-cols-6' : 'sm:grid-cols-4'}`}
            >
              <Fact label={t('game_rounds.shared.choice')}>
                {shared.game === 'double' ? <ColorName color={bet.choice} /> : t('game_rounds.shared.choice_crash')}
                <span className="mt-0.5 block text-xs text-slate-500">{formatDateTime(bet.created_at, language)}</span>
              </Fact>
              <Fact label={t('game_rounds.bet')}>
                <Money value={bet.amount} />
              </Fact>
              {shared.game === 'crash' && (
                <>
                  <Fact label={t('game_rounds.shared.auto_cashout')}>
                    {bet.auto_cashout === null ? (
                      <span className="text-slate-400">{t('game_rounds.shared.no_auto_cashout')}</span>
                    ) : (
                      <span className="tabular-nums">{multiplier(bet.auto_cashout)}</span>
                    )}
                  </Fact>
                  <Fact label={t('game_rounds.shared.cashout')}>
                    {bet.cashout === null ? '—' : <span className="tabular-nums">{multiplier(bet.cashout)}</span>}
                  </Fact>
                </>
              )}
              <Fact label={t('game_rounds.win')}>{bet.status === 'open' ? '—' : <Money value={bet.win} />}</Fact>
              <Fact label={t('game_rounds.columns.status')}>
                <Badge tone={BET_STATUS_TONES[bet.status as keyof typeof BET_STATUS_TONES] ?? 'slate'}>
                  {t(`game_rounds.shared.bet_status.${bet.status}`, { defaultValue: bet.status })}
                </Badge>
                {bet.settled_at !== null && (
                  <span className="mt-0.5 block text-xs text-slate-500">{formatDateTime(bet.settled_at, language)}</span>
                )}
              </Fact>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CardTitle({ children }: { children: ReactNode }) {
  return <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-300">{children}</h3>;
}

function TransactionsCard({ round }: { round: RoundDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="card overflow-hidden">
      <div className="px-4 pt-4 sm:px-5">
        <CardTitle>{t('game_rounds.transactions_title')}</CardTitle>
      </div>
      {round.transactions.length === 0 ? (
        <EmptyState title={t('game_rounds.no_transactions')} />
      ) : (
        <>
          <TransactionCards round={round} />
          <div className="hidden overflow-x-auto md:block">
            <table className="data-table" data-testid="round-transactions">
              <thead>
                <tr>
                  <th scope="col">{t('game_rounds.columns.time')}</th>
                  <th scope="col">{t('game_rounds.columns.kind')}</th>
                  <th scope="col">{t('game_rounds.columns.tx_id')}</th>
                  <th scope="col" className="text-right">
                    {t('game_rounds.columns.amount')}
                  </th>
                  <th scope="col">{t('game_rounds.columns.status')}</th>
                  <th scope="col">{t('game_rounds.columns.transfer')}</th>
                </tr>
              </thead>
              <tbody>
                {round.transactions.map((tx) => (
                  <tr key={tx.id}>
                    <td className="whitespace-nowrap text-slate-400">{formatDateTime(tx.created_at, language)}</td>
                    <td>
                      <Badge tone={tx.kind === 'win' ? 'green' : tx.kind === 'rollback' ? 'slate' : 'blue'}>
                        {t(`game_rounds.kinds.${tx.kind}`, { defaultValue: tx.kind })}
                      </Badge>
                    </td>
                    <td className="max-w-56 break-all font-mono text-xs text-slate-300">
                      {tx.tx_id}
                      {tx.ref_tx_id && <span className="block text-slate-500">↳ {tx.ref_tx_id}</span>}
                    </td>
                    <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(tx.amount, language)}</td>
                    <td className="text-slate-300">{t(`game_rounds.tx_status.${tx.status}`, { defaultValue: tx.status })}</td>
                    <td className="font-mono text-xs">
                      {tx.transfer_id === null ? (
                        <span className="text-slate-500">{t('game_rounds.no_transfer')}</span>
                      ) : (
                        <>
                          <span className="text-slate-200">#{tx.transfer_id}</span>
                          {tx.transfer_key && <span className="block max-w-64 break-all text-slate-500">{tx.transfer_key}</span>}
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** Phones: one card per transaction instead of a table that would scroll sideways. */
function TransactionCards({ round }: { round: RoundDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="divide-y divide-white/5 border-t border-white/5 md:hidden">
      {round.transactions.map((tx) => (
        <li key={tx.id} className="space-y-1 px-4 py-3 text-xs">
          <div className="flex items-center justify-between gap-2">
            <Badge tone={tx.kind === 'win' ? 'green' : tx.kind === 'rollback' ? 'slate' : 'blue'}>
              {t(`game_rounds.kinds.${tx.kind}`, { defaultValue: tx.kind })}
            </Badge>
            <span className="text-sm font-medium text-white tabular-nums">{formatMoney(tx.amount, language)}</span>
          </div>
          <p className="break-all font-mono text-slate-300">{tx.tx_id}</p>
          {tx.ref_tx_id && <p className="break-all font-mono text-slate-500">↳ {tx.ref_tx_id}</p>}
          <p className="flex flex-wrap justify-between gap-x-3 text-slate-500">
            <span>{formatDateTime(tx.created_at, language)}</span>
            <span>{t(`game_rounds.tx_status.${tx.status}`, { defaultValue: tx.status })}</span>
          </p>
          <p className="break-all font-mono text-slate-500">
            {tx.transfer_id === null ? t('game_rounds.no_transfer') : `#${tx.transfer_id} ${tx.transfer_key ?? ''}`}
          </p>
        </li>
      ))}
    </ul>
  );
}

function OutcomeCard({ outcome }: { outcome: unknown }) {
  const { t } = useTranslation();
  return (
    <section className="card p-4 sm:p-5">
      <CardTitle>{t('game_rounds.outcome_title')}</CardTitle>
      {outcome === null || outcome === undefined ? (
        <p className="text-sm text-slate-400">{t('game_rounds.no_outcome')}</p>
      ) : (
        <pre
          className="max-h-96 overflow-auto rounded-lg bg-navy-950/70 p-3 font-mono text-[12px] leading-5 text-slate-200"
          data-testid="round-outcome"
        >
          {JSON.stringify(outcome, null, 2)}
        </pre>
      )}
    </section>
  );
}
