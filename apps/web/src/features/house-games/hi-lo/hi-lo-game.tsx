import { type BigRatio, HILO_GUESSES, type HiloGuess, hiloMultiplier, winningRanks } from '@casino/games/hilo';
import { API } from '@casino/shared/player-api-paths';
import { formatBRL, formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import type { HiloMoveName, HiloRoundView } from '@casino/shared/schemas/house-card-games';
import { ArrowDown, ArrowUp, Equal, SkipForward } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { BetAmountInput } from '../common/bet-amount.tsx';
import { GameShell, RtpCaption, StatField } from '../common/game-shell.tsx';
import { houseGet, housePost, limitsOf, requireLogin, useHouseConfig, useInvalidateFairSeeds } from '../common/house-api.ts';
import { CashOutButton, LoginToBetButton, OpenRoundButton, useResumeRound } from '../common/round-controls.tsx';
import { cardLabel, PlayingCard } from '../../../components/playing-card.tsx';
import { RulesPanel, RulesTable } from '../common/rules-panel.tsx';
import { sound } from '../common/sound.ts';

type HiloAnswer = { round: HiloRoundView; correct?: boolean; balance: string };

const centavosOf = (text: string) => moneyStringToCentavos(text) ?? 0;
const RANK_NAMES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** A BigInt ratio floored to 2 decimals, in the reader's number format. */
function ratioText(r: BigRatio, lang: string): string {
  const hundredths = Number((r.num * 100n) / r.den);
  return (hundredths / 100).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
/** "1.8590" (the API's multiplier) shown with 2 decimals, floored. */
function multiplierText(text: string | null | undefined, lang: string): string {
  const match = text ? /^(\d+)\.(\d{2})/.exec(text) : null;
  if (!match) return '—';
  return (Number(match[1]) + Number(match[2]) / 100).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
const chanceText = (text: string, lang: string) =>
  Number(text).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function HiloPaytable({ rtp }: { rtp: string }) {
  const { t } = useTranslation('play');
  const lang = currentLanguage();
  return (
    <RulesPanel
      rtp={rtp}
      rules={[t('hilo.rule_cards'), t('hilo.rule_guess'), t('hilo.rule_pay'), t('hilo.rule_cashout'), t('hilo.rule_resume')]}
    >
      <RulesTable
        head={[
          { label: t('hilo.table_card') },
          { label: t('hilo.higher'), end: true },
          { label: t('hilo.lower'), end: true },
          { label: t('hilo.same'), end: true },
        ]}
      >
        {RANK_NAMES.map((name, index) => {
          const rank = index + 1;
          const cell = (guess: HiloGuess) => {
            const w = winningRanks(rank, guess);
            return w === 0
              ? '—'
              : `${ratioText(hiloMultiplier([w]), lang)}× · ${((w * 100) / 13).toLocaleString(lang, { maximumFractionDigits: 1 })}%`;
          };
          return (
            <tr key={name} className="border-t border-line">
              <td className="py-1.5 font-semibold text-white">{name}</td>
              <td className="py-1.5 text-right">{cell('higher')}</td>
              <td className="py-1.5 text-right">{cell('lower')}</td>
              <td className="py-1.5 text-right">{cell('same')}</td>
            </tr>
          );
        })}
      </RulesTable>
      <p className="text-xs text-muted">{t('hilo.table_note')}</p>
    </RulesPanel>
  );
}

const MOVE_ICON: Record<HiloMoveName, typeof ArrowUp> = { higher: ArrowUp, lower: ArrowDown, same: Equal, skip: SkipForward };

export default function HiloGame({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  const config = useHouseConfig('hi-lo');
  const invalidateSeeds = useInvalidateFairSeeds();
  const { minCentavos, maxCentavos } = limitsOf(config.data);
  const [betCentavos, setBetCentavos] = useState(100);
  const [round, setRound] = useState<HiloRoundView | null>(null);
  const [busy, setBusy] = useState(false);
  const [flash, setFlash] = useState<'right' | 'wrong' | null>(null);
  const lang = currentLanguage();

  // An open round (closed tab, lost connection) resumes where it stopped.
  useResumeRound<HiloRoundView>(API.house.hiloActive, loggedIn, round, (open) => {
    setRound(open);
    setBetCentavos(centavosOf(open.amount));
  });

  const playing = round?.status === 'playing';
  const current = round ? (round.cards[round.cards.length - 1] ?? null) : null;

  const start = async () => {
    if (!requireLogin()) return;
    setBusy(true);
    try {
      const answer = await housePost<HiloAnswer>(API.house.hiloStart, { amount: formatCentavos(betCentavos) });
      sound.play('bet');
      setFlash(null);
      setRound(answer.round);
      invalidateSeeds();
    } catch {
      // The server's message is shown.
    } finally {
      setBusy(false);
    }
  };

  const guess = async (move: HiloMoveName) => {
    if (!round || !playing || busy) return;
    setBusy(true);
    try {
      const answer = await housePost<HiloAnswer>(API.house.hiloGuess, { round_id: round.round_id, guess: move });
      setRound(answer.round);
      if (move === 'skip') sound.play('click');
      else if (answer.correct) {
        setFlash('right');
        sound.play(answer.round.status === 'cashed_out' ? 'win' : 'reveal');
      } else {
        setFlash('wrong');
        sound.play('bust');
      }
    } catch {
      // Shown as a toast; a round that ended elsewhere is re-read.
      void houseGet<{ round: HiloRoundView | null }>(API.house.hiloActive)
        .then((active) => setRound((mine) => active.round ?? (mine?.status === 'playing' ? null : mine)))
        .catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  const cashOut = async () => {
    if (!round) return;
    setBusy(true);
    try {
      const answer = await housePost<HiloAnswer>(API.house.hiloCashout, { round_id: round.round_id });
      setRound(answer.round);
      sound.play('cashout');
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  const rtp = config.data?.rtp ?? '99.00';
  const options = round?.options ?? null;

  const guessButton = (g: HiloGuess) => {
    const option = options?.[g];
    const Icon = MOVE_ICON[g];
    const impossible = option ? option.wins === 0 : false;
    const colors =
      g === 'higher'
        ? 'from-emerald-500 to-emerald-700 border-emerald-900'
        : g === 'lower'
          ? 'from-rose-500 to-rose-700 border-rose-900'
          : 'from-sky-500 to-sky-700 border-sky-900';
    return (
      <button
        key={g}
        type="button"
        disabled={!playing || busy || impossible}
        onClick={() => void guess(g)}
        data-testid={`hilo-${g}`}
        className={`flex min-h-16 flex-col items-center justify-center gap-0.5 rounded-xl border-b-4 bg-gradient-to-b px-2 py-2 text-white shadow transition active:translate-y-0.5 disabled:opacity-40 ${colors}`}
      >
        <span className="flex items-center gap-1 text-sm font-black uppercase">
          <Icon size={16} aria-hidden="true" />
          {t(`hilo.${g}`)}
        </span>
        <span className="text-[11px] font-semibold tabular-nums">
          {option && !impossible
            ? `${multiplierText(option.multiplier, lang)}× · ${chanceText(option.chance, lang)}%`
            : impossible
              ? t('hilo.impossible')
              : '—'}
        </span>
      </button>
    );
  };

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
        <StatField
          label={t('hilo.current')}
          value={
            round && round.status !== 'lost' && round.moves.some((m) => m !== 'skip') ? `${multiplierText(round.multiplier, lang)}×` : '—'
          }
          accent
          testId="hilo-multiplier"
        />
        <StatField
          label={t('hilo.cashout_value')}
          value={round?.can_cash_out ? formatBRL(centavosOf(round.cashout), lang) : '—'}
          testId="hilo-cashout-value"
        />
      </div>
      {!loggedIn ? (
        <LoginToBetButton />
      ) : playing && round ? (
        <CashOutButton
          loading={busy}
          disabled={!round.can_cash_out}
          onClick={cashOut}
          testId="hilo-cashout"
          label={t('hilo.cash_out')}
          detail={round.can_cash_out ? formatBRL(centavosOf(round.cashout), lang) : t('hilo.guess_first')}
        />
      ) : (
        <OpenRoundButton loading={busy} onClick={start} testId="hilo-bet">
          {t('common.bet')}
        </OpenRoundButton>
      )}
      <RtpCaption rtp={rtp} />
    </div>
  );

  return (
    <GameShell code="hi-lo" title={config.data?.name ?? 'Hi-Lo'} onExit={onExit} controls={controls} paytable={<HiloPaytable rtp={rtp} />}>
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-3 md:p-6">
        <div className="relative flex items-end justify-center gap-4">
          <div className="flex flex-col items-center gap-1">
            <PlayingCard
              key={round ? `${round.round_id}-${round.cards.length}` : 'none'}
              card={current}
              className={`w-32 drop-shadow-xl transition duration-300 starting:scale-90 starting:opacity-0 sm:w-40 ${
                round?.status === 'lost' ? 'rounded-xl ring-4 ring-danger' : ''
              }`}
              highlight={flash === 'right' && playing}
              testId="hilo-current"
            />
            <span className="text-xs font-semibold text-muted">{current !== null ? t('hilo.current_card') : t('hilo.start_hint')}</span>
          </div>
          <div className="hidden flex-col items-center gap-1 sm:flex">
            <div className="relative w-20">
              <PlayingCard card={null} className="absolute top-1 left-1 w-20 opacity-60" />
              <PlayingCard card={null} className="relative w-20" />
            </div>
            <span className="text-xs font-semibold text-muted">{t('hilo.next_card')}</span>
          </div>
          {round && round.status !== 'playing' ? (
            <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
              <div
                className={`animate-sheet-in rounded-2xl border-2 px-5 py-3 text-center shadow-2xl backdrop-blur ${
                  round.status === 'cashed_out' ? 'border-money bg-ink/85' : 'border-danger bg-ink/85'
                }`}
                data-testid="hilo-result"
                data-status={round.status}
              >
                {round.status === 'cashed_out' ? (
                  <>
                    <p className="text-2xl font-black text-money tabular-nums">{multiplierText(round.multiplier, lang)}×</p>
                    <p className="text-sm font-bold text-white">
                      {t('common.you_won', { amount: formatBRL(centavosOf(round.win), lang) })}
                    </p>
                  </>
                ) : (
                  <>
                    <p className="text-xl font-black text-danger">{t('hilo.wrong')}</p>
                    <p className="text-sm text-soft">{t('hilo.lost', { amount: formatBRL(centavosOf(round.amount), lang) })}</p>
                  </>
                )}
              </div>
            </div>
          ) : null}
        </div>

        <div className="grid w-full max-w-md grid-cols-3 gap-2" data-testid="hilo-guesses">
          {HILO_GUESSES.map(guessButton)}
        </div>
        <Button variant="ghost" size="sm" disabled={!playing || busy} onClick={() => void guess('skip')} data-testid="hilo-skip">
          <SkipForward size={16} aria-hidden="true" />
          {t('hilo.skip')}
        </Button>

        <section className="w-full max-w-xl" aria-label={t('hilo.history')}>
          <h3 className="mb-1 text-xs font-semibold text-muted">{t('hilo.history')}</h3>
          <ol className="flex min-h-16 gap-1.5 overflow-x-auto rounded-xl border border-line bg-surface/60 p-2" data-testid="hilo-history">
            {(round?.cards ?? []).map((card, i) => {
              const move = i > 0 ? round?.moves[i - 1] : undefined;
              const Icon = move ? MOVE_ICON[move] : null;
              const lostHere = round?.status === 'lost' && i === (round?.cards.length ?? 0) - 1;
              return (
                <li key={`${i}-${card}`} className="flex shrink-0 flex-col items-center gap-0.5" title={cardLabel(card)}>
                  <PlayingCard card={card} className="w-9" dim={move === 'skip'} />
                  <span className={`flex h-4 items-center ${lostHere ? 'text-danger' : move === 'skip' ? 'text-muted' : 'text-money'}`}>
                    {Icon ? <Icon size={12} aria-label={t(`hilo.${move}`)} /> : null}
                  </span>
                </li>
              );
            })}
          </ol>
        </section>
      </div>
    </GameShell>
  );
}
