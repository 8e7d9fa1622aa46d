import { BACCARAT_DECLARED, cardValue } from '@casino/games/baccarat';
import { parseCard } from '@casino/games/cards';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL } from '@casino/shared/money';
import type { BaccaratAnswer } from '@casino/shared/schemas/house-table-games';
import { useState } from 'react';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { formatScaled } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption } from '../common/game-shell.tsx';
import { housePost, limitsOf, requireLogin, useHouseConfig } from '../common/house-api.ts';
import { useInstantRound, useRoundTimers } from '../common/instant-round.tsx';
import { PlayingCard } from '../../../components/playing-card.tsx';
import { RulesPanel, RulesTable } from '../common/rules-panel.tsx';
import { sound } from '../common/sound.ts';
import { BetSpot, ChipTray, useTableBets } from '../common/table-bets.tsx';

const DEAL_MS = 380;
type Outcome = BaccaratAnswer['outcome'];
type Spot = 'player' | 'banker' | 'tie' | 'player_pair' | 'banker_pair';
const PAYS: Record<Spot, string> = { player: '1:1', banker: '0,95:1', tie: '8:1', player_pair: '11:1', banker_pair: '11:1' };
const RTPS: Record<Spot, number> = {
  player: BACCARAT_DECLARED.player,
  banker: BACCARAT_DECLARED.banker,
  tie: BACCARAT_DECLARED.tie,
  player_pair: BACCARAT_DECLARED.pair,
  banker_pair: BACCARAT_DECLARED.pair,
};

/** The order cards reach the table: P1, B1, P2, B2, then the third cards. */
function dealOrder(outcome: Outcome): { side: 'player' | 'banker'; index: number }[] {
  const order: { side: 'player' | 'banker'; index: number }[] = [
    { side: 'player', index: 0 },
    { side: 'banker', index: 0 },
    { side: 'player', index: 1 },
    { side: 'banker', index: 1 },
  ];
  if (outcome.player.length > 2) order.push({ side: 'player', index: 2 });
  if (outcome.banker.length > 2) order.push({ side: 'banker', index: 2 });
  return order;
}

function BaccaratRules({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  return (
    <RulesPanel rtp={rtp} rules={[t('baccarat.rule_deal'), t('baccarat.rule_values'), t('baccarat.rule_third'), t('baccarat.rule_pays')]}>
      <RulesTable head={[{ label: t('table.bet') }, { label: t('table.pays') }, { label: 'RTP', end: true }]}>
        {(Object.keys(PAYS) as Spot[]).map((spot) => (
          <tr key={spot} className="border-t border-line">
            <td className="py-1.5 font-semibold text-white">{t(`baccarat.spot_${spot}`)}</td>
            <td className="py-1.5">{PAYS[spot]}</td>
            <td className="py-1.5 text-right tabular-nums">{formatScaled(Math.floor(RTPS[spot] * 10_000), 2)}%</td>
          </tr>
        ))}
      </RulesTable>
    </RulesPanel>
  );
}

function Hand({
  label,
  cards,
  shown,
  total,
  winner,
  side,
}: {
  label: string;
  cards: string[];
  shown: number;
  total: number | null;
  winner: boolean;
  side: 'player' | 'banker';
}) {
  const visible = cards.slice(0, shown).map(parseCard);
  const shownTotal = visible.reduce((s, c) => s + cardValue(c), 0) % 10;
  return (
    <div
      className={`flex flex-1 flex-col items-center gap-2 rounded-2xl p-2 ${winner ? 'bg-gold/15 ring-2 ring-gold' : ''}`}
      data-testid={`baccarat-hand-${side}`}
    >
      <div className="flex items-center gap-2">
        <span className={`text-xs font-black tracking-widest uppercase ${side === 'player' ? 'text-sky-200' : 'text-rose-200'}`}>
          {label}
        </span>
        <span
          className="flex size-8 items-center justify-center rounded-full bg-black/40 text-base font-black text-white tabular-nums"
          data-testid={`baccarat-total-${side}`}
        >
          {visible.length > 0 ? shownTotal : (total ?? '–')}
        </span>
      </div>
      <div className="flex h-24 items-center sm:h-32">
        {visible.length === 0 ? (
          <div className="h-full w-16 rounded-lg border-2 border-dashed border-white/20 sm:w-24" />
        ) : (
          visible.map((card, i) => (
            <PlayingCard
              key={i}
              card={card}
              className={`animate-toast-in h-full w-auto drop-shadow-lg ${i > 0 ? '-ml-6 sm:-ml-8' : ''} ${i === 2 ? 'rotate-90 sm:ml-0' : ''}`}
              testId={`baccarat-card-${side}-${i}`}
            />
          ))
        )}
      </div>
    </div>
  );
}

export default function BaccaratGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('baccarat');
  const { maxCentavos } = limitsOf(config.data);
  const bets = useTableBets(maxCentavos);
  const [last, setLast] = useState<{ outcome: Outcome; winCentavos: number } | null>(null);
  const [dealt, setDealt] = useState(0);
  const after = useRoundTimers();
  const { busy, bet } = useInstantRound();
  const lang = currentLanguage();
  const rtp = config.data?.rtp ?? '98.94';

  const deal = async () => {
    if (!requireLogin() || bets.total === 0) return;
    setDealt(0);
    setLast(null);
    await bet(
      bets.total,
      () => housePost<BaccaratAnswer>(API.house.baccarat, { bets: bets.take() }),
      (answer, winCentavos) => {
        setLast({ outcome: answer.outcome, winCentavos });
        const order = dealOrder(answer.outcome);
        return Promise.all(
          order.map((_, i) =>
            after((i + 1) * DEAL_MS, () => {
              setDealt(i + 1);
              sound.play('reveal');
              if (i === order.length - 1) sound.play(winCentavos > 0 ? 'win' : 'lose');
            }),
          ),
        ).then(() => undefined);
      },
    );
  };

  const outcome = last?.outcome ?? null;
  const order = outcome ? dealOrder(outcome) : [];
  const done = outcome !== null && dealt >= order.length;
  const shownOf = (side: 'player' | 'banker') => order.slice(0, dealt).filter((o) => o.side === side).length;
  const wonSpot = (spot: Spot) =>
    done &&
    outcome !== null &&
    (spot === 'player_pair' ? outcome.player_pair : spot === 'banker_pair' ? outcome.banker_pair : outcome.winner === spot);
  const spot = (s: Spot, tone: 'player' | 'banker' | 'tie' | 'side', className = '') => (
    <BetSpot
      label={t(`baccarat.spot_${s}`)}
      pays={PAYS[s]}
      stakeCentavos={bets.stakes[s] ?? 0}
      onClick={() => {
        if (done) setLast(null);
        bets.add(s);
      }}
      disabled={busy}
      tone={tone}
      won={wonSpot(s)}
      testId={`baccarat-spot-${s}`}
      className={className}
    />
  );

  const controls = (
    <div className="flex flex-col gap-3">
      <ChipTray
        bets={bets}
        disabled={busy}
        loggedIn={loggedIn}
        busy={busy}
        playLabel={t('baccarat.deal')}
        onPlay={() => void deal()}
        onLogin={requireLogin}
        testId="baccarat"
      />
      <RtpCaption rtp={rtp} />
    </div>
  );

  return (
    <GameShell
      code="baccarat"
      title={config.data?.name ?? 'Baccarat'}
      onExit={onExit}
      controls={controls}
      paytable={<BaccaratRules rtp={rtp} />}
    >
      <div className="flex flex-1 flex-col gap-3 p-3 md:p-6">
        <div className="relative flex flex-1 flex-col gap-3 overflow-hidden rounded-[2rem] border-4 border-[#5b3a1a] md:justify-center bg-[radial-gradient(ellipse_at_center,#1f7a4a,#0d4a2b_70%)] p-3 shadow-inner sm:p-5">
          <svg viewBox="0 0 400 60" className="pointer-events-none absolute inset-x-0 top-1 h-10 w-full opacity-30" aria-hidden="true">
            <path id="baccarat-arc" d="M10 58 Q200 -22 390 58" fill="none" />
            <text fill="#fef3c7" fontSize="11" fontWeight="700" letterSpacing="2">
              <textPath href="#baccarat-arc" startOffset="50%" textAnchor="middle">
                {t('baccarat.felt')}
              </textPath>
            </text>
          </svg>
          <div className="mt-6 flex gap-2">
            <Hand
              label={t('baccarat.spot_player')}
              cards={outcome?.player ?? []}
              shown={shownOf('player')}
              total={null}
              winner={done && outcome?.winner === 'player'}
              side="player"
            />
            <Hand
              label={t('baccarat.spot_banker')}
              cards={outcome?.banker ?? []}
              shown={shownOf('banker')}
              total={null}
              winner={done && outcome?.winner === 'banker'}
              side="banker"
            />
          </div>
          <p className="min-h-6 text-center text-sm font-bold" aria-live="polite" data-testid="baccarat-result">
            {done && outcome && last ? (
              <span className={last.winCentavos > 0 ? 'text-gold' : 'text-white/80'}>
                {t(`baccarat.winner_${outcome.winner}`)}
                {' · '}
                {last.winCentavos > 0 ? t('common.you_won', { amount: formatBRL(last.winCentavos, lang) }) : t('table.no_win')}
              </span>
            ) : (
              <span className="text-white/60">{busy ? t('baccarat.dealing') : t('table.place_bets')}</span>
            )}
          </p>
          <div className="grid grid-cols-3 gap-2">
            {spot('player_pair', 'side')}
            {spot('tie', 'tie')}
            {spot('banker_pair', 'side')}
          </div>
          <div className="grid grid-cols-2 gap-2">
            {spot('player', 'player', 'min-h-24')}
            {spot('banker', 'banker', 'min-h-24')}
          </div>
        </div>
      </div>
    </GameShell>
  );
}
