import { BACBO_TIE_PAYS, bacboRtp } from '@casino/games/bacbo';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL } from '@casino/shared/money';
import type { BacboAnswer } from '@casino/shared/schemas/house-table-games';
import { useState } from 'react';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { formatScaled } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption } from '../common/game-shell.tsx';
import { housePost, limitsOf, requireLogin, useHouseConfig } from '../common/house-api.ts';
import { useInstantRound, useRoundTimers } from '../common/instant-round.tsx';
import { RulesPanel, RulesTable } from '../common/rules-panel.tsx';
import { sound } from '../common/sound.ts';
import { BetSpot, ChipTray, useTableBets } from '../common/table-bets.tsx';
import { Die } from '../../../components/die.tsx';

const ROLL_MS = 900;
type Outcome = BacboAnswer['outcome'];
type Spot = 'player' | 'banker' | 'tie';

function BacboRules({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  const totals = [2, 3, 4, 5, 6, 7];
  return (
    <RulesPanel rtp={rtp} rules={[t('bacbo.rule_roll'), t('bacbo.rule_pays'), t('bacbo.rule_tie')]}>
      <RulesTable head={[{ label: t('table.bet') }, { label: t('table.pays') }, { label: 'RTP', end: true }]}>
        {(['player', 'banker', 'tie'] as const).map((s) => (
          <tr key={s} className="border-t border-line">
            <td className="py-1.5 font-semibold text-white">{t(`bacbo.spot_${s}`)}</td>
            <td className="py-1.5">{s === 'tie' ? '4:1 – 88:1' : '1:1'}</td>
            <td className="py-1.5 text-right tabular-nums">{formatScaled(Math.floor(bacboRtp(s) * 10_000), 2)}%</td>
          </tr>
        ))}
      </RulesTable>
      <RulesTable head={[{ label: t('bacbo.tie_total') }, { label: t('table.pays'), end: true }]}>
        {totals.map((n) => (
          <tr key={n} className="border-t border-line">
            <td className="py-1.5">{n === 7 ? '6 · 7 · 8' : `${n} · ${14 - n}`}</td>
            <td className="py-1.5 text-right font-semibold text-white">{BACBO_TIE_PAYS[n]}:1</td>
          </tr>
        ))}
      </RulesTable>
    </RulesPanel>
  );
}

export default function BacBoGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('bac-bo');
  const { maxCentavos } = limitsOf(config.data);
  const bets = useTableBets(maxCentavos);
  const [rolling, setRolling] = useState(false);
  const [last, setLast] = useState<{ outcome: Outcome; winCentavos: number } | null>(null);
  const after = useRoundTimers();
  const { busy, bet } = useInstantRound();
  const lang = currentLanguage();
  const rtp = config.data?.rtp ?? '98.87';

  const roll = async () => {
    if (!requireLogin() || bets.total === 0) return;
    setRolling(true);
    await bet(
      bets.total,
      () => housePost<BacboAnswer>(API.house.bacbo, { bets: bets.take() }),
      (answer, winCentavos) =>
        after(ROLL_MS, () => {
          setRolling(false);
          setLast({ outcome: answer.outcome, winCentavos });
          sound.play(winCentavos > 0 ? 'win' : 'lose');
        }),
      () => setRolling(false),
    );
  };

  const outcome = rolling ? null : (last?.outcome ?? null);
  const won = (s: Spot) => outcome !== null && outcome.winner === s;
  const tiePays = (n: number) => BACBO_TIE_PAYS[n] ?? 0;

  const side = (s: 'player' | 'banker') => (
    <div
      className={`flex flex-1 flex-col items-center gap-2 rounded-2xl border-2 p-3 ${s === 'player' ? 'border-sky-300/50 bg-sky-500/10' : 'border-rose-300/50 bg-rose-500/10'} ${won(s) ? 'ring-4 ring-gold' : ''}`}
      data-testid={`bacbo-side-${s}`}
    >
      <span className={`text-xs font-black tracking-widest uppercase ${s === 'player' ? 'text-sky-200' : 'text-rose-200'}`}>
        {t(`bacbo.spot_${s}`)}
      </span>
      <div className="flex gap-2">
        {[0, 1].map((i) => (
          <Die key={i} value={outcome ? (outcome[s][i] ?? null) : null} colour={s} rolling={rolling} testId={`bacbo-die-${s}-${i}`} />
        ))}
      </div>
      <span className="text-3xl font-black text-white tabular-nums" data-testid={`bacbo-total-${s}`}>
        {outcome ? (s === 'player' ? outcome.player_total : outcome.banker_total) : '–'}
      </span>
    </div>
  );

  const spot = (s: Spot, tone: Spot, pays: string) => (
    <BetSpot
      label={t(`bacbo.spot_${s}`)}
      pays={pays}
      stakeCentavos={bets.stakes[s] ?? 0}
      onClick={() => bets.add(s)}
      disabled={busy}
      tone={tone}
      won={won(s)}
      testId={`bacbo-spot-${s}`}
      className="min-h-24"
    />
  );

  const controls = (
    <div className="flex flex-col gap-3">
      <ChipTray
        bets={bets}
        disabled={busy}
        loggedIn={loggedIn}
        busy={busy}
        playLabel={t('bacbo.roll')}
        onPlay={() => void roll()}
        onLogin={requireLogin}
        testId="bacbo"
      />
      <RtpCaption rtp={rtp} />
    </div>
  );

  return (
    <GameShell code="bac-bo" title={config.data?.name ?? 'Bac Bo'} onExit={onExit} controls={controls} paytable={<BacboRules rtp={rtp} />}>
      <div className="flex flex-1 flex-col gap-3 p-3 md:p-6">
        <div className="flex flex-1 flex-col gap-3 rounded-[2rem] border-4 border-[#4a2c12] md:justify-center bg-[radial-gradient(ellipse_at_center,#7c2d12,#3b0a0a_75%)] p-3 shadow-inner sm:p-5">
          <div className="flex gap-2">
            {side('player')}
            {side('banker')}
          </div>
          <p className="min-h-6 text-center text-sm font-bold" aria-live="polite" data-testid="bacbo-result">
            {outcome && last ? (
              <span className={last.winCentavos > 0 ? 'text-gold' : 'text-white/80'}>
                {t(`bacbo.winner_${outcome.winner}`)}
                {' · '}
                {last.winCentavos > 0 ? t('common.you_won', { amount: formatBRL(last.winCentavos, lang) }) : t('table.no_win')}
              </span>
            ) : (
              <span className="text-white/60">{rolling ? t('bacbo.rolling') : t('table.place_bets')}</span>
            )}
          </p>
          <div className="grid grid-cols-3 gap-2">
            {spot('player', 'player', '1:1')}
            {spot('tie', 'tie', `${tiePays(6)}:1 – ${tiePays(2)}:1`)}
            {spot('banker', 'banker', '1:1')}
          </div>
          <p className="text-center text-[11px] text-white/60">{t('bacbo.tie_refund')}</p>
        </div>
      </div>
    </GameShell>
  );
}
