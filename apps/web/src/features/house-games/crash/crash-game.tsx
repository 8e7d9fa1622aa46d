import { crashSurvival } from '@casino/games/crash';
import { formatBRL } from '@casino/shared/money';
import { Fragment, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../components/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { AutoBetPanel, ModeTabs } from '../common/auto-bet.tsx';
import { BetAmountInput, formatScaled } from '../common/bet-amount.tsx';
import { formatRtp, GameShell, RtpCaption } from '../common/game-shell.tsx';
import { RulesPanel, RulesTable } from '../common/rules-panel.tsx';
import { limitsOf, requireLogin, useHouseConfig } from '../common/house-api.ts';
import { CrashCanvas, formatHundredths } from './crash-canvas.tsx';
import { CrashFairness, CrashHistory, CrashPlayers } from './crash-panels.tsx';
import { useCrashRound } from './use-crash-round.ts';

function CrashPaytable({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  const targets = [150, 200, 500, 1000, 10000];
  return (
    <RulesPanel
      rtp={rtp}
      rules={[t('crash.rule_bet'), t('crash.rule_rise'), t('crash.rule_cashout'), t('crash.rule_auto'), t('crash.rule_disconnect')]}
    >
      <RulesTable head={[{ label: t('crash.target') }, { label: t('crash.chance') }, { label: t('crash.return'), end: true }]}>
        {targets.map((target) => {
          const chance = crashSurvival(target);
          return (
            <tr key={target} className="border-t border-line">
              <td className="py-1.5 font-semibold text-white">{formatHundredths(target, currentLanguage())}</td>
              <td className="py-1.5">{formatScaled(Math.floor(chance * 100 * 10 ** (chance < 0.01 ? 3 : 2)), chance < 0.01 ? 3 : 2)}%</td>
              <td className="py-1.5 text-right">{formatRtp(rtp)}%</td>
            </tr>
          );
        })}
      </RulesTable>
    </RulesPanel>
  );
}

export default function CrashGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('crash');
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const {
    state,
    phase,
    socketStatus,
    view,
    myBet,
    currentBet,
    betCentavos,
    setBetCentavos,
    autoOn,
    setAutoOn,
    autoText,
    setAutoText,
    autoValid,
    queued,
    setQueued,
    busy,
    placeBet,
    cashOut,
    auto,
    cashoutLabel,
    onFrame,
  } = useCrashRound({ loggedIn, minCentavos, maxCentavos });
  const multiplierEl = useRef<HTMLSpanElement>(null);
  const countdownEl = useRef<HTMLSpanElement>(null);
  const progressEl = useRef<HTMLDivElement>(null);

  // ---- the main button ----------------------------------------------------------------------
  const canCashOut = phase === 'running' && currentBet?.status === 'open';
  let action: React.ReactNode;
  if (!loggedIn) {
    action = (
      <Button size="lg" block onClick={requireLogin}>
        {t('common.login_to_bet')}
      </Button>
    );
  } else if (canCashOut) {
    action = (
      <Button variant="gold" size="lg" block loading={busy} onClick={cashOut} data-testid="crash-cashout" className="h-14 flex-col gap-0">
        <span className="text-base">{t('crash.cash_out')}</span>
        <span ref={cashoutLabel} className="text-xs font-bold tabular-nums" />
      </Button>
    );
  } else if (currentBet?.status === 'open') {
    action = (
      <Button variant="ghost" size="lg" block disabled className="h-14">
        {t('crash.bet_placed')}
      </Button>
    );
  } else if (queued) {
    action = (
      <Button variant="danger" size="lg" block onClick={() => setQueued(false)} className="h-14" data-testid="crash-cancel-queue">
        {t('crash.cancel_next')}
      </Button>
    );
  } else {
    action = (
      <Button
        variant="money"
        size="lg"
        block
        loading={busy}
        disabled={!autoValid || state === null}
        className="h-14 flex-col gap-0"
        data-testid="crash-bet"
        onClick={() => {
          if (phase === 'betting') void placeBet(betCentavos);
          else setQueued(true);
        }}
      >
        <span className="text-base">{t('common.bet')}</span>
        {phase !== 'betting' && state ? <span className="text-xs font-semibold opacity-80">{t('crash.next_round')}</span> : null}
      </Button>
    );
  }

  const lastResult = myBet && myBet.status !== 'open' ? myBet : null;
  const rtp = config.data?.rtp ?? '97.00';
  const controls = (
    <div className="flex flex-col gap-3">
      <ModeTabs mode={mode} onChange={setMode} disabled={auto.running} />
      <BetAmountInput
        valueCentavos={betCentavos}
        onChange={setBetCentavos}
        minCentavos={minCentavos}
        maxCentavos={maxCentavos}
        disabled={auto.running || currentBet?.status === 'open'}
      />
      <div className="flex flex-col gap-1.5">
        <label className="flex items-center justify-between text-xs font-semibold text-muted">
          <span>{t('crash.auto_cashout')}</span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={autoOn}
            checked={autoOn}
            disabled={auto.running}
            onChange={(event) => setAutoOn(event.target.checked)}
            className="h-5 w-9 cursor-pointer appearance-none rounded-full bg-line transition before:block before:size-4 before:translate-x-0.5 before:rounded-full before:bg-white before:transition checked:bg-money checked:before:translate-x-[18px]"
            data-testid="crash-auto-toggle"
          />
        </label>
        <div
          className={`flex h-10 items-center rounded-xl border bg-ink/60 px-3 ${autoValid ? 'border-line' : 'border-danger'} ${autoOn ? '' : 'opacity-50'}`}
        >
          <input
            inputMode="decimal"
            aria-label={t('crash.auto_cashout')}
            className="min-w-0 flex-1 bg-transparent text-sm font-bold text-white tabular-nums outline-none"
            value={autoText}
            disabled={!autoOn || auto.running}
            onChange={(event) => setAutoText(event.target.value)}
            data-testid="crash-auto-value"
          />
          <span className="text-sm text-muted">×</span>
        </div>
        {!autoValid ? <span className="text-xs text-danger">{t('crash.auto_rule')}</span> : null}
      </div>
      {mode === 'manual' || canCashOut ? action : null}
      {mode === 'auto' ? <AutoBetPanel auto={auto} disabled={!loggedIn || !autoValid} /> : null}
      {lastResult ? (
        <p
          className={`rounded-xl px-3 py-2 text-center text-sm font-semibold ${lastResult.status === 'won' ? 'bg-money/10 text-money' : 'bg-danger/10 text-danger'}`}
          data-testid="crash-result"
        >
          {lastResult.status === 'won' && lastResult.cashout !== null
            ? t('crash.won_at', {
                multiplier: formatHundredths(lastResult.cashout, currentLanguage()),
                amount: formatBRL(lastResult.winCentavos ?? 0, currentLanguage()),
              })
            : lastResult.status === 'refunded'
              ? t('crash.refunded')
              : t('crash.lost', { amount: formatBRL(lastResult.amountCentavos, currentLanguage()) })}
        </p>
      ) : null}
      <RtpCaption rtp={rtp} />
      <div className="md:hidden">
        <CrashPlayers bets={state?.bets ?? []} />
      </div>
    </div>
  );

  return (
    <GameShell
      code="crash"
      title={config.data?.name ?? 'Crash'}
      onExit={onExit}
      controls={controls}
      paytable={<CrashPaytable rtp={rtp} />}
      fairness={<CrashFairness state={state} />}
      showSeedPair={false}
    >
      <div className="flex flex-1 flex-col gap-3 p-3 md:p-4">
        <CrashHistory history={state?.history ?? []} />
        <div className="relative min-h-[250px] flex-1 overflow-hidden rounded-2xl border border-line bg-[radial-gradient(ellipse_at_bottom_left,rgba(245,196,81,0.10),transparent_60%),linear-gradient(180deg,#121a30,#0b1122)]">
          <CrashCanvas view={view} multiplierEl={multiplierEl} countdownEl={countdownEl} progressEl={progressEl} onFrame={onFrame} />
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-2 text-center">
            {phase === 'betting' ? (
              <Fragment key="betting">
                <span className="text-sm font-semibold tracking-wide text-soft uppercase">{t('crash.next_round_in')}</span>
                <span className="text-5xl font-black text-white tabular-nums" data-testid="crash-countdown">
                  <span ref={countdownEl} />s
                </span>
                <div className="h-1.5 w-40 overflow-hidden rounded-full bg-line">
                  <div ref={progressEl} className="h-full origin-left bg-gold" />
                </div>
              </Fragment>
            ) : phase === 'running' || phase === 'busted' ? (
              <Fragment key="flight">
                {phase === 'busted' ? (
                  <span className="text-sm font-bold tracking-wide text-danger uppercase">{t('crash.busted')}</span>
                ) : null}
                <span
                  ref={multiplierEl}
                  className={`text-6xl font-black tabular-nums drop-shadow-[0_4px_18px_rgba(0,0,0,0.6)] md:text-7xl ${phase === 'busted' ? 'text-danger' : 'text-white'}`}
                  data-testid="crash-multiplier"
                />
              </Fragment>
            ) : (
              <span className="text-sm text-muted" data-testid="crash-connecting">
                {socketStatus === 'closed' ? t('crash.reconnecting') : t('common.waiting')}
              </span>
            )}
          </div>
        </div>
        <div className="hidden md:block">
          <CrashPlayers bets={state?.bets ?? []} />
        </div>
      </div>
    </GameShell>
  );
}
