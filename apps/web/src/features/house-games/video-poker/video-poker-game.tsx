import { evaluate, JACKS_OR_BETTER_9_6, optimalHold, POKER_HANDS, type PokerHand } from '@casino/games/videopoker';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL, formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import type { VideoPokerRoundView } from '@casino/shared/schemas/house-card-games';
import { Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { BetAmountInput } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption } from '../common/game-shell.tsx';
import { houseGet, housePost, limitsOf, requireLogin, useHouseConfig, useInvalidateFairSeeds } from '../common/house-api.ts';
import { LoginToBetButton, OpenRoundButton, useResumeRound } from '../common/round-controls.tsx';
import { PlayingCard } from '../../../components/playing-card.tsx';
import { RulesPanel } from '../common/rules-panel.tsx';
import { sound } from '../common/sound.ts';

type VideoPokerAnswer = { round: VideoPokerRoundView; balance: string };

const centavosOf = (text: string) => moneyStringToCentavos(text) ?? 0;
const NO_HOLD = [false, false, false, false, false];
/** The paying hands, best first. */
const PAYING = POKER_HANDS.map((hand, index) => ({ hand, pay: JACKS_OR_BETTER_9_6[index] as number }))
  .filter((row) => row.pay > 0)
  .reverse();

function Paytable({ stakeCentavos, highlight, lang }: { stakeCentavos: number; highlight: PokerHand | null; lang: string }) {
  const { t } = useTranslation('play');
  return (
    <table className="w-full text-xs tabular-nums sm:text-sm" data-testid="videopoker-paytable">
      <tbody>
        {PAYING.map(({ hand, pay }) => {
          const on = hand === highlight;
          return (
            <tr
              key={hand}
              data-hand={hand}
              data-active={on ? 'true' : undefined}
              className={`${on ? 'bg-gold text-ink' : 'text-soft odd:bg-white/[0.03]'} transition-colors`}
            >
              <td className={`px-2 py-1 font-bold uppercase ${on ? '' : 'text-white'}`}>{t(`videopoker.hands.${hand}`)}</td>
              <td className="px-2 py-1 text-right font-semibold">{pay}×</td>
              <td className="px-2 py-1 text-right">{formatBRL(stakeCentavos * pay, lang)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function VideoPokerRules({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  return (
    <RulesPanel
      rtp={rtp}
      rules={[
        t('videopoker.rule_deal'),
        t('videopoker.rule_hold'),
        t('videopoker.rule_draw'),
        t('videopoker.rule_pay'),
        t('videopoker.rule_hint'),
        t('videopoker.rule_resume'),
      ]}
    >
      <Paytable stakeCentavos={100} highlight={null} lang={currentLanguage()} />
      <p className="text-xs text-muted">{t('videopoker.table_note')}</p>
    </RulesPanel>
  );
}

export default function VideoPokerGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('video-poker');
  const invalidateSeeds = useInvalidateFairSeeds();
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const [betCentavos, setBetCentavos] = useState(100);
  const [round, setRound] = useState<VideoPokerRoundView | null>(null);
  const [held, setHeld] = useState<boolean[]>(NO_HOLD);
  const [hint, setHint] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const lang = currentLanguage();

  // A dealt hand (closed tab, lost connection) comes back waiting for its draw.
  useResumeRound<VideoPokerRoundView>(API.house.videoPokerActive, loggedIn, round, (open) => {
    setRound(open);
    setHeld(NO_HOLD);
    setBetCentavos(centavosOf(open.amount));
  });

  const dealt = round?.status === 'dealt';

  const deal = async () => {
    if (!requireLogin()) return;
    setBusy(true);
    try {
      const answer = await housePost<VideoPokerAnswer>(API.house.videoPokerDeal, { amount: formatCentavos(betCentavos) });
      sound.play('bet');
      setHeld(NO_HOLD);
      setHint(null);
      setRound(answer.round);
      invalidateSeeds();
    } catch {
      // The server's message is shown.
    } finally {
      setBusy(false);
    }
  };

  const draw = async () => {
    if (!round || !dealt) return;
    setBusy(true);
    try {
      const answer = await housePost<VideoPokerAnswer>(API.house.videoPokerDraw, { round_id: round.round_id, hold: held });
      setRound(answer.round);
      setHint(null);
      sound.play(centavosOf(answer.round.win) > 0 ? 'win' : 'lose');
    } catch {
      void houseGet<{ round: VideoPokerRoundView | null }>(API.house.videoPokerActive)
        .then((active) => setRound((mine) => active.round ?? (mine?.status === 'dealt' ? null : mine)))
        .catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  /** The best hold, by exact enumeration of every draw (in the browser: about 0.1 s). */
  const showHint = () => {
    if (!round || !dealt) return;
    const best = optimalHold(round.hand);
    setHeld([0, 1, 2, 3, 4].map((i) => ((best.held >> i) & 1) === 1));
    setHint(best.ev);
    sound.play('click');
  };

  const toggle = (index: number) => {
    if (!dealt || busy) return;
    sound.play('click');
    setHeld((h) => h.map((v, i) => (i === index ? !v : v)));
  };

  const shown = round ? (round.status === 'drawn' && round.final ? round.final : round.hand) : null;
  const dealtRank: PokerHand | null = round && dealt ? evaluate(round.hand) : null;
  const highlight: PokerHand | null = round?.status === 'drawn' ? (round.hand_rank as PokerHand) : dealtRank;
  const stakeCentavos = round ? centavosOf(round.amount) : betCentavos;
  const rtp = config.data?.rtp ?? '99.54';

  const controls = (
    <div className="flex flex-col gap-3">
      <BetAmountInput
        valueCentavos={betCentavos}
        onChange={setBetCentavos}
        minCentavos={minCentavos}
        maxCentavos={maxCentavos}
        disabled={dealt || busy}
      />
      {!loggedIn ? (
        <LoginToBetButton />
      ) : dealt ? (
        <>
          <Button variant="gold" size="lg" block loading={busy} onClick={draw} className="h-14 text-base" data-testid="videopoker-draw">
            {t('videopoker.draw')}
          </Button>
          <Button variant="ghost" block onClick={showHint} disabled={busy} data-testid="videopoker-hint">
            <Lightbulb size={16} aria-hidden="true" />
            {t('videopoker.hint')}
          </Button>
        </>
      ) : (
        <OpenRoundButton loading={busy} onClick={deal} testId="videopoker-deal">
          {t('videopoker.deal')}
        </OpenRoundButton>
      )}
      <RtpCaption rtp={rtp} />
    </div>
  );

  return (
    <GameShell
      code="video-poker"
      title={config.data?.name ?? 'Video Poker'}
      onExit={onExit}
      controls={controls}
      paytable={<VideoPokerRules rtp={rtp} />}
    >
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-3 md:p-6">
        <div className="w-full max-w-xl overflow-hidden rounded-xl border-2 border-gold/40 bg-[#0b1a3a]">
          <Paytable stakeCentavos={stakeCentavos} highlight={highlight} lang={lang} />
        </div>
        <div className="grid w-full max-w-xl grid-cols-5 gap-1.5 sm:gap-3" data-testid="videopoker-hand">
          {[0, 1, 2, 3, 4].map((i) => {
            const card = shown ? (shown[i] ?? null) : null;
            const isHeld = dealt ? (held[i] ?? false) : round?.status === 'drawn' ? (round.held?.[i] ?? false) : false;
            return (
              <button
                key={`${round?.round_id ?? 'none'}-${round?.status ?? ''}-${i}`}
                type="button"
                onClick={() => toggle(i)}
                disabled={!dealt || busy}
                aria-pressed={dealt ? isHeld : undefined}
                aria-label={t('videopoker.card_n', { n: i + 1 })}
                data-testid={`videopoker-card-${i}`}
                data-held={isHeld ? 'true' : 'false'}
                className="flex flex-col items-center gap-1 disabled:cursor-default"
              >
                <PlayingCard
                  card={card}
                  highlight={isHeld}
                  className={`w-full drop-shadow-lg transition duration-300 starting:opacity-0 starting:-translate-y-2 ${isHeld ? '-translate-y-1' : ''}`}
                />
                <span
                  className={`rounded px-1.5 py-0.5 text-[10px] font-black tracking-wide uppercase sm:text-xs ${
                    isHeld ? 'bg-gold text-ink' : dealt ? 'bg-surface-2 text-muted' : 'invisible'
                  }`}
                >
                  {isHeld ? t('videopoker.held') : t('videopoker.hold')}
                </span>
              </button>
            );
          })}
        </div>
        <p className="min-h-6 text-center text-sm font-semibold" data-testid="videopoker-status">
          {round?.status === 'drawn' ? (
            centavosOf(round.win) > 0 ? (
              <span className="text-money" data-testid="videopoker-result" data-status="won">
                {t(`videopoker.hands.${round.hand_rank}`)} · {t('common.you_won', { amount: formatBRL(centavosOf(round.win), lang) })}
              </span>
            ) : (
              <span className="text-soft" data-testid="videopoker-result" data-status="lost">
                {t('videopoker.no_win')}
              </span>
            )
          ) : dealt ? (
            <span className="text-soft">
              {hint !== null
                ? t('videopoker.hint_ev', { ev: hint.toLocaleString(lang, { minimumFractionDigits: 4, maximumFractionDigits: 4 }) })
                : dealtRank && dealtRank !== 'nothing'
                  ? t('videopoker.you_have', { hand: t(`videopoker.hands.${dealtRank}`) })
                  : t('videopoker.tap_to_hold')}
            </span>
          ) : (
            <span className="text-muted">{t('videopoker.start_hint')}</span>
          )}
        </p>
      </div>
    </GameShell>
  );
}
