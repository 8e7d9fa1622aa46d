import { formatCentavos } from '@casino/shared/money';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { AlertIcon, ArrowUpIcon, CloseIcon } from '../../../components/icons.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ChoiceTabs } from '../../../components/tabs.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { openLogin } from '../../../lib/modals.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { marketName, selectionName, splitFixtureName } from '../selection-names.ts';
import { useSportsTranslation } from '../sports-i18n.ts';
import { displayOdds, oddsHundredths, useOddsFormat } from './odds-format.ts';
import { hasSameFixture, parseStake, planSlip, potentialPayout, slipTotals, totalOddsOf } from './slip-maths.ts';
import { SlipPreferences } from './slip-preferences.tsx';
import {
  clear,
  removeSelection,
  removeUnavailable,
  type SlipMode,
  type SlipSelection,
  setAccumulatorStake,
  setEverySingleStake,
  setMode,
  setSingleStake,
  useSlip,
} from './slip-store.ts';
import { usePlaceSlip } from './use-place-slip.ts';

/** Quick stakes in reais. */
const QUICK_STAKES = [5, 10, 25, 50, 100] as const;

const money = (centavos: number) => formatMoney(formatCentavos(centavos));
const oddsText = (hundredths: number) => `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

function StakeInput({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const id = useId();
  const typed = value.trim() !== '';
  const invalid = typed && (parseStake(value) ?? 0) <= 0;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-[11px] font-semibold text-muted">
        {label}
      </label>
      <div
        className={`flex h-10 items-center gap-1 rounded-lg border bg-ink/60 px-2 focus-within:border-gold/70 ${invalid ? 'border-danger/70' : 'border-line'}`}
      >
        <span className="text-sm font-semibold text-muted">R$</span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          value={value}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.value.slice(0, 16))}
          className="h-full min-w-0 flex-1 bg-transparent text-right text-[15px] font-bold text-white tabular-nums outline-none placeholder:text-muted/60"
          data-testid="slip-stake"
        />
      </div>
    </div>
  );
}

function QuickStakes({ onPick }: { onPick: (reais: string) => void }) {
  return (
    <div className="grid grid-cols-5 gap-1.5">
      {QUICK_STAKES.map((reais) => (
        <button
          key={reais}
          type="button"
          onClick={() => onPick(String(reais))}
          className="h-8 rounded-lg bg-surface-2 text-xs font-bold text-soft transition hover:bg-line hover:text-white"
        >
          {reais}
        </button>
      ))}
    </div>
  );
}

/** The price of a pick; after the server moved it, the old price struck through and the move's direction. */
function PickOdds({ pick }: { pick: SlipSelection }) {
  const format = useOddsFormat();
  const { t } = useSportsTranslation();
  const now = oddsHundredths(pick.odds) ?? 0;
  const before = pick.previous_odds ? (oddsHundredths(pick.previous_odds) ?? now) : now;
  const tone = now > before ? 'text-money' : now < before ? 'text-danger' : 'text-gold';
  return (
    <span className="flex shrink-0 flex-col items-end leading-tight">
      <span className={`flex items-center gap-0.5 text-[15px] font-bold tabular-nums ${tone}`} data-testid="slip-odds">
        {now !== before ? <ArrowUpIcon size={14} className={now < before ? 'rotate-180' : ''} aria-hidden="true" /> : null}
        {displayOdds(pick.odds, format)}
      </span>
      {pick.previous_odds && now !== before ? (
        <span className="text-[11px] text-muted line-through" title={t('slip.odds_was', { odds: pick.previous_odds })}>
          {displayOdds(pick.previous_odds, format)}
        </span>
      ) : null}
    </span>
  );
}

function PickCard({ pick, mode, stake }: { pick: SlipSelection; mode: SlipMode; stake: string }) {
  const { t } = useSportsTranslation();
  const teams = splitFixtureName(pick.fixture_name);
  const stakeCentavos = parseStake(stake) ?? 0;
  const payout = stakeCentavos > 0 ? potentialPayout(stakeCentavos, oddsHundredths(pick.odds) ?? 100) : 0;
  return (
    <li
      className={`rounded-xl border bg-surface px-3 py-2.5 ${pick.unavailable ? 'border-danger/60' : pick.previous_odds ? 'border-gold/60' : 'border-line/70'}`}
      data-testid="slip-pick"
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          onClick={() => removeSelection(pick.selection_id)}
          aria-label={t('slip.remove')}
          className="-ml-1 flex size-7 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-white"
        >
          <CloseIcon size={16} />
        </button>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-white">{selectionName(t, pick, teams)}</p>
          <p className="truncate text-xs text-soft">{marketName(t, pick.market_type, null)}</p>
          <p className="truncate text-[11px] text-muted">{pick.fixture_name}</p>
          {pick.unavailable ? <p className="mt-0.5 text-xs font-semibold text-danger">{t('slip.unavailable')}</p> : null}
        </div>
        <PickOdds pick={pick} />
      </div>
      {mode === 'single' ? (
        <div className="mt-2 flex items-end gap-2">
          <div className="w-32 shrink-0">
            <StakeInput value={stake} onChange={(value) => setSingleStake(pick.selection_id, value)} label={t('slip.stake')} />
          </div>
          <div className="min-w-0 flex-1 pb-1.5 text-right text-xs text-muted">
            {t('slip.potential_payout')}
            <span className="block text-sm font-bold text-white tabular-nums">{money(payout)}</span>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function SummaryLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 text-sm">
      <span className="text-muted">{label}</span>
      <span className="font-bold text-white tabular-nums">{children}</span>
    </div>
  );
}

/** What the slip adds up to now: stakes and payouts of the singles, or the accumulator's odds and payout. */
function SlipSummary() {
  const { t } = useSportsTranslation();
  const slip = useSlip();
  const format = useOddsFormat();
  const totals = slipTotals(slip);
  const totalOdds = totalOddsOf(slip.selections);
  return (
    <div className="flex flex-col gap-1.5 rounded-xl bg-surface-2/60 px-3 py-2.5">
      {slip.mode === 'accumulator' ? (
        <SummaryLine label={t('slip.total_odds')}>
          <span className="text-gold" data-testid="slip-total-odds">
            {displayOdds(oddsText(totalOdds), format)}
          </span>
        </SummaryLine>
      ) : (
        <SummaryLine label={t('slip.total_stake')}>{money(totals.stakeCentavos)}</SummaryLine>
      )}
      <SummaryLine label={t('slip.potential_payout')}>
        <span className="text-money" data-testid="slip-potential">
          {money(totals.potentialCentavos)}
        </span>
      </SummaryLine>
    </div>
  );
}

function Notice({ tone, children }: { tone: 'danger' | 'gold'; children: ReactNode }) {
  return (
    <div
      role="alert"
      className={`flex items-start gap-2 rounded-xl border px-3 py-2 text-[13px] ${
        tone === 'danger' ? 'border-danger/50 bg-danger/10 text-danger' : 'border-gold/50 bg-gold/10 text-gold'
      }`}
    >
      <AlertIcon size={16} className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/**
 * The bet slip's content (shared by the desktop panel and the mobile sheet): Simples / Múltipla,
 * the picks with their stakes, quick stakes, totals, warnings, preferences and the place button.
 */
export function SlipContent() {
  const { t } = useSportsTranslation();
  const loggedIn = useIsLoggedIn();
  const slip = useSlip();
  const { place, busy, error, oddsMoved } = usePlaceSlip();
  const [showPreferences, setShowPreferences] = useState(false);
  const count = slip.selections.length;
  const plan = planSlip(slip);
  const placements = plan.ok ? plan.placements.reduce((n, p) => n + (p.kind === 'single' ? p.selections.length : 1), 0) : 1;
  const anyUnavailable = slip.selections.some((s) => s.unavailable);

  if (count === 0) {
    return (
      <div className="flex flex-col gap-4">
        <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-soft">{t('slip.empty')}</p>
        <details className="rounded-xl border border-line/70 px-3 py-2">
          <summary className="cursor-pointer text-sm font-semibold text-soft">{t('slip.settings')}</summary>
          <div className="pt-3">
            <SlipPreferences />
          </div>
        </details>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3" data-testid="bet-slip">
      <ChoiceTabs<SlipMode>
        label={t('slip.title')}
        value={slip.mode}
        onChange={setMode}
        choices={[
          { value: 'single', label: t('slip.single') },
          { value: 'accumulator', label: t('slip.accumulator') },
        ]}
      />
      <div className="flex items-center justify-between text-xs text-muted">
        <span>{t('slip.selections_count', { count })}</span>
        <button type="button" onClick={clear} className="font-semibold text-soft hover:text-white">
          {t('slip.clear')}
        </button>
      </div>
      <ul className="flex flex-col gap-2">
        {slip.selections.map((pick) => (
          <PickCard key={pick.selection_id} pick={pick} mode={slip.mode} stake={slip.stakes[pick.selection_id] ?? ''} />
        ))}
      </ul>

      {slip.mode === 'accumulator' && hasSameFixture(slip.selections) ? <Notice tone="danger">{t('slip.same_fixture')}</Notice> : null}
      {slip.mode === 'accumulator' && count < 2 ? <Notice tone="gold">{t('slip.accumulator_min')}</Notice> : null}

      {slip.mode === 'accumulator' ? <StakeInput value={slip.stake} onChange={setAccumulatorStake} label={t('slip.stake')} /> : null}
      <QuickStakes onPick={slip.mode === 'accumulator' ? setAccumulatorStake : setEverySingleStake} />
      {/* Totals, warnings and the button stay in view while a long slip scrolls. */}
      <div className="sticky bottom-0 z-10 -mb-1 flex flex-col gap-3 bg-night pt-1 pb-1 shadow-[0_-12px_16px_-6px_var(--color-night)]">
        <SlipSummary />

        {oddsMoved ? <Notice tone="gold">{t('slip.odds_changed')}</Notice> : null}
        {anyUnavailable ? (
          <Notice tone="danger">
            <button type="button" onClick={removeUnavailable} className="font-semibold underline">
              {t('slip.remove_unavailable')}
            </button>
          </Notice>
        ) : null}
        {error ? <Notice tone="danger">{error}</Notice> : null}

        {loggedIn ? (
          <Button block size="lg" variant="money" loading={busy} onClick={() => void place()} data-testid="slip-place">
            {placements > 1 ? t('slip.place_many', { count: placements }) : t('slip.place')}
          </Button>
        ) : (
          <Button block size="lg" onClick={openLogin}>
            {t('slip.login_to_bet')}
          </Button>
        )}
      </div>

      <button
        type="button"
        onClick={() => setShowPreferences((open) => !open)}
        aria-expanded={showPreferences}
        className="self-start text-xs font-semibold text-muted hover:text-white"
      >
        {t('slip.settings')} · {t(`slip.policy_${slip.acceptOdds}`)}
      </button>
      {showPreferences ? <SlipPreferences /> : null}
    </div>
  );
}

/** Mobile: a floating bar above the tab bar with the count and the total odds; tapping it opens the slip. */
export function SlipBar() {
  const { t } = useSportsTranslation();
  const slip = useSlip();
  const format = useOddsFormat();
  const [open, setOpen] = useState(false);
  const count = slip.selections.length;
  // Placed (or cleared): the sheet has done its job; the toast tells the rest.
  useEffect(() => {
    if (count === 0) setOpen(false);
  }, [count]);
  if (count === 0 && !open) return null;
  return (
    <>
      <div className="h-16" aria-hidden="true" />
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('slip.open')}
        aria-haspopup="dialog"
        className="animate-sheet-in fixed inset-x-3 bottom-[calc(var(--tab-bar-reach)+0.5rem)] z-30 mx-auto flex h-14 max-w-lg items-center gap-3 rounded-2xl border border-gold/40 bg-night/95 px-4 shadow-[0_10px_30px_-8px_rgba(0,0,0,0.8)] backdrop-blur-md lg:bottom-6"
        data-testid="slip-bar"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-gold text-sm font-extrabold text-ink tabular-nums">
          {count}
        </span>
        <span className="min-w-0 flex-1 truncate text-left text-[15px] font-semibold text-white">{t('slip.title')}</span>
        {count > 1 ? (
          <span className="text-right text-xs text-muted">
            {t('slip.total_odds')}
            <span className="block text-sm font-bold text-gold tabular-nums">
              {displayOdds(oddsText(totalOddsOf(slip.selections)), format)}
            </span>
          </span>
        ) : null}
        <ArrowUpIcon size={18} className="text-gold" />
      </button>
      {open ? (
        <Modal title={t('slip.title')} onClose={() => setOpen(false)}>
          <div className="pb-2">
            <SlipContent />
          </div>
        </Modal>
      ) : null}
    </>
  );
}

/** Desktop: the slip as a side panel, always in view while the player browses markets. */
export function SlipPanel() {
  const { t } = useSportsTranslation();
  const { selections } = useSlip();
  return (
    <aside
      aria-label={t('slip.title')}
      className="sticky top-20 flex max-h-[calc(100dvh-6rem)] flex-col overflow-hidden rounded-2xl border border-line/70 bg-night/90"
    >
      <h2 className="flex items-center gap-2 border-b border-line/60 px-4 py-3 text-[15px] font-bold text-white">
        {t('slip.title')}
        {selections.length > 0 ? (
          <span className="rounded-full bg-gold px-2 py-0.5 text-xs font-extrabold text-ink tabular-nums">{selections.length}</span>
        ) : null}
      </h2>
      <div className="overflow-y-auto p-3">
        <SlipContent />
      </div>
    </aside>
  );
}
