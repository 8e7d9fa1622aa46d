import { parseCard } from '@casino/games/cards';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL, formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import type { BlackjackRoundView } from '@casino/shared/schemas/house-blackjack';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { BetAmountInput } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption, StatField } from '../common/game-shell.tsx';
import { houseGet, housePost, limitsOf, requireLogin, useHouseConfig, useInvalidateFairSeeds } from '../common/house-api.ts';
import { LoginToBetButton, OpenRoundButton, useResumeRound } from '../common/round-controls.tsx';
import { PlayingCard } from '../../../components/playing-card.tsx';
import { RulesPanel } from '../common/rules-panel.tsx';
import { sound } from '../common/sound.ts';

type Answer = { round: BlackjackRoundView; balance: string };
type Move = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'no_insurance';
type Hand = BlackjackRoundView['hands'][number];

const centavosOf = (text: string) => moneyStringToCentavos(text) ?? 0;
const cardOf = (code: string | null) => (code === null ? null : parseCard(code));

/** "7/17" for a soft total (the ace as 1 or 11), "17" otherwise. */
export function totalLabel(total: number, soft: boolean): string {
  return soft && total <= 21 ? `${total - 10}/${total}` : String(total);
}

function BlackjackRules({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  return (
    <RulesPanel
      rtp={rtp}
      rules={[
        t('blackjack.rule_shoe'),
        t('blackjack.rule_dealer'),
        t('blackjack.rule_pays'),
        t('blackjack.rule_double'),
        t('blackjack.rule_split'),
        t('blackjack.rule_insurance'),
        t('blackjack.rule_resume'),
        t('blackjack.rule_rtp'),
      ]}
    />
  );
}

function Cards({ cards, testId }: { cards: (string | null)[]; testId: string }) {
  return (
    <div className="flex justify-center" data-testid={testId}>
      {cards.map((code, i) => (
        <div
          // a hand's cards never reorder
          key={i}
          className={`w-[3.4rem] transition duration-300 starting:-translate-y-6 starting:opacity-0 sm:w-[4.6rem] md:w-[6rem] xl:w-[7rem] ${i > 0 ? '-ml-5 sm:-ml-6 md:-ml-9' : ''}`}
        >
          <PlayingCard card={cardOf(code)} className="w-full drop-shadow-[0_4px_6px_rgba(0,0,0,0.45)]" testId={`${testId}-card-${i}`} />
        </div>
      ))}
    </div>
  );
}

function ResultBadge({ hand }: { hand: Hand }) {
  const { t } = useTranslation('play');
  if (!hand.result) return null;
  const good = hand.result === 'blackjack' || hand.result === 'win';
  const tone = good ? 'bg-money text-ink' : hand.result === 'push' ? 'bg-surface-2 text-white' : 'bg-danger text-white';
  return (
    <span className={`rounded-full px-2 py-0.5 text-[11px] font-black uppercase ${tone}`} data-testid="blackjack-hand-result">
      {t(`blackjack.result_${hand.result}`)}
    </span>
  );
}

function TotalBubble({ total, soft, testId }: { total: number; soft: boolean; testId: string }) {
  return (
    <span
      className={`min-w-10 rounded-full px-2 py-0.5 text-center text-sm font-black tabular-nums ${total > 21 ? 'bg-danger text-white' : 'bg-ink/80 text-white'}`}
      data-testid={testId}
    >
      {totalLabel(total, soft)}
    </span>
  );
}

export default function BlackjackGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('blackjack');
  const invalidateSeeds = useInvalidateFairSeeds();
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const [betCentavos, setBetCentavos] = useState(500);
  const [round, setRound] = useState<BlackjackRoundView | null>(null);
  const [busy, setBusy] = useState(false);
  const lang = currentLanguage();

  // A hand interrupted by a closed tab resumes where it stopped.
  useResumeRound<BlackjackRoundView>(API.house.blackjack.active, loggedIn, round, (open) => {
    setRound(open);
    setBetCentavos(centavosOf(open.amount));
  });

  const playing = round?.status === 'playing';
  const allowed = new Set(round?.allowed ?? []);

  const settleSound = (r: BlackjackRoundView) => {
    if (r.status !== 'settled') return;
    const win = centavosOf(r.win);
    const staked = centavosOf(r.total_staked);
    sound.play(win > staked ? 'win' : win === staked ? 'click' : 'lose');
  };

  const deal = async () => {
    if (!requireLogin()) return;
    setBusy(true);
    try {
      const answer = await housePost<Answer>(API.house.blackjack.start, { amount: formatCentavos(betCentavos) });
      sound.play('bet');
      setRound(answer.round);
      settleSound(answer.round);
      invalidateSeeds();
    } catch {
      // The server's message is shown.
    } finally {
      setBusy(false);
    }
  };

  const play = async (move: Move) => {
    if (!round || busy) return;
    setBusy(true);
    try {
      const path =
        move === 'insurance' || move === 'no_insurance'
          ? API.house.blackjack.insurance
          : API.house.blackjack[move as 'hit' | 'stand' | 'double' | 'split'];
      const body =
        move === 'insurance' || move === 'no_insurance'
          ? { round_id: round.round_id, accept: move === 'insurance' }
          : { round_id: round.round_id };
      const answer = await housePost<Answer>(path, body);
      sound.play(move === 'hit' || move === 'double' || move === 'split' ? 'reveal' : 'click');
      setRound(answer.round);
      settleSound(answer.round);
    } catch {
      // Shown as a toast; a hand that ended elsewhere (another tab, the 24-hour rule) is re-read.
      void houseGet<{ round: BlackjackRoundView | null }>(API.house.blackjack.active)
        .then((active) => {
          if (active.round) setRound(active.round);
          else setRound((current) => (current && current.status === 'playing' ? null : current));
        })
        .catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  const rtp = config.data?.rtp ?? '99.60';
  const win = round ? centavosOf(round.win) : 0;
  const staked = round ? centavosOf(round.total_staked) : 0;
  const insurancePhase = round?.phase === 'insurance';

  const moveButton = (move: Move, label: string, variant: 'gold' | 'ghost' | 'money' = 'ghost') => (
    <Button
      key={move}
      variant={variant}
      size="lg"
      disabled={!allowed.has(move) || busy}
      onClick={() => void play(move)}
      className="h-12 text-sm"
      data-testid={`blackjack-${move.replace('_', '-')}`}
    >
      {label}
    </Button>
  );

  const controls = (
    <div className="flex flex-col gap-3">
      <BetAmountInput
        valueCentavos={betCentavos}
        onChange={setBetCentavos}
        minCentavos={minCentavos}
        maxCentavos={maxCentavos}
        disabled={playing || busy}
      />
      <div className="grid grid-cols-2 gap-2">
        <StatField label={t('blackjack.staked')} value={round ? formatBRL(staked, lang) : '—'} testId="blackjack-staked" />
        <StatField
          label={t('blackjack.win')}
          value={round && round.status === 'settled' ? formatBRL(win, lang) : '—'}
          accent
          testId="blackjack-win"
        />
      </div>
      {!loggedIn ? (
        <LoginToBetButton />
      ) : playing ? (
        insurancePhase ? (
          <div className="flex flex-col gap-2">
            <p className="text-center text-sm font-semibold text-gold" data-testid="blackjack-insurance-offer">
              {t('blackjack.insurance_offer', { amount: formatBRL(Math.floor(centavosOf(round.amount) / 2), lang) })}
            </p>
            <div className="grid grid-cols-2 gap-2">
              {moveButton('insurance', t('blackjack.insurance'), 'gold')}
              {moveButton('no_insurance', t('blackjack.no_insurance'))}
            </div>
          </div>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            {moveButton('hit', t('blackjack.hit'), 'money')}
            {moveButton('stand', t('blackjack.stand'), 'gold')}
            {moveButton('double', t('blackjack.double'))}
            {moveButton('split', t('blackjack.split'))}
          </div>
        )
      ) : (
        <OpenRoundButton loading={busy} onClick={deal} testId="blackjack-deal">
          {round ? t('blackjack.deal_again') : t('blackjack.deal')}
        </OpenRoundButton>
      )}
      <RtpCaption rtp={rtp} />
    </div>
  );

  const dealer = round?.dealer;
  return (
    <GameShell
      code="blackjack"
      title={config.data?.name ?? 'Blackjack'}
      onExit={onExit}
      controls={controls}
      paytable={<BlackjackRules rtp={rtp} />}
    >
      <div className="flex flex-1 flex-col p-2 md:p-6">
        <div
          className="relative flex flex-1 flex-col justify-between gap-4 overflow-hidden rounded-[2rem] border-4 border-[#5b3a1a] bg-[radial-gradient(ellipse_at_center,#1f7a45_0%,#14603a_55%,#0c4128_100%)] px-2 py-4 shadow-[inset_0_0_40px_rgba(0,0,0,0.55)] sm:px-6"
          data-testid="blackjack-table"
        >
          {/* The felt's printed rules arc. */}
          <svg
            viewBox="0 0 600 110"
            className="pointer-events-none absolute inset-x-0 top-[36%] mx-auto w-[96%] max-w-2xl opacity-50"
            aria-hidden="true"
          >
            <path id="bj-arc" d="M6 12 Q300 150 594 12" fill="none" />
            <text fill="#f5e6a8" fontSize="15" fontWeight="700" letterSpacing="1">
              <textPath href="#bj-arc" startOffset="50%" textAnchor="middle">
                {t('blackjack.felt')}
              </textPath>
            </text>
          </svg>

          <section className="flex flex-col items-center gap-2" aria-label={t('blackjack.dealer')}>
            <div className="flex items-center gap-2 text-xs font-bold tracking-wide text-[#f5e6a8] uppercase">
              {t('blackjack.dealer')}
              {dealer ? <TotalBubble total={dealer.total} soft={dealer.soft} testId="blackjack-dealer-total" /> : null}
              {dealer?.blackjack ? (
                <span className="rounded-full bg-gold px-2 py-0.5 text-[11px] font-black text-ink">{t('blackjack.blackjack')}</span>
              ) : null}
            </div>
            {dealer ? (
              <Cards cards={dealer.cards} testId="blackjack-dealer" />
            ) : (
              <div className="flex justify-center opacity-40">
                <div className="w-[3.4rem] sm:w-[4.6rem] md:w-[6rem] xl:w-[7rem]">
                  <PlayingCard card={null} className="w-full" />
                </div>
              </div>
            )}
          </section>

          {round && round.status === 'settled' ? (
            <div
              className="z-10 mx-auto rounded-2xl border-2 border-gold bg-ink/85 px-5 py-2 text-center shadow-2xl"
              data-testid="blackjack-result"
            >
              {win > staked ? (
                <p className="text-lg font-black text-money">{t('common.you_won', { amount: formatBRL(win, lang) })}</p>
              ) : win === staked ? (
                <p className="text-lg font-black text-white">{t('blackjack.stake_back', { amount: formatBRL(win, lang) })}</p>
              ) : win > 0 ? (
                <p className="text-lg font-black text-white">{t('blackjack.returned', { amount: formatBRL(win, lang) })}</p>
              ) : (
                <p className="text-lg font-black text-soft">{t('blackjack.no_win')}</p>
              )}
              {round.auto_stood ? <p className="text-xs text-muted">{t('blackjack.auto_stood')}</p> : null}
            </div>
          ) : null}

          <section
            className={`grid gap-2 ${round && round.hands.length > 1 ? 'grid-cols-2 sm:flex sm:justify-center' : 'grid-cols-1'}`}
            aria-label={t('blackjack.you')}
          >
            {round ? (
              round.hands.map((hand, i) => {
                const active = playing && !insurancePhase && i === round.active;
                return (
                  <div
                    // hands keep their order
                    key={i}
                    className={`flex flex-col items-center gap-1.5 rounded-2xl p-1.5 transition ${active ? 'bg-gold/15 ring-2 ring-gold' : ''} ${
                      round.hands.length > 1 && !active && playing ? 'opacity-75' : ''
                    }`}
                    data-testid={`blackjack-hand-${i}`}
                    data-active={active || undefined}
                  >
                    <Cards cards={hand.cards} testId={`blackjack-hand-${i}-cards`} />
                    <div className="flex flex-wrap items-center justify-center gap-1.5">
                      <TotalBubble total={hand.total} soft={hand.soft} testId={`blackjack-hand-${i}-total`} />
                      <span className="text-[11px] font-bold text-[#f5e6a8] tabular-nums">
                        {formatBRL(centavosOf(hand.bet), lang)}
                        {hand.doubled ? ' ×2' : ''}
                      </span>
                      <ResultBadge hand={hand} />
                    </div>
                  </div>
                );
              })
            ) : (
              <p className="text-center text-sm font-semibold text-[#f5e6a8]/80">{t('blackjack.place_bet')}</p>
            )}
          </section>
        </div>
      </div>
    </GameShell>
  );
}
