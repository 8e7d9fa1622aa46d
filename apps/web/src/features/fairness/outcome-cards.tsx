import { cardCode } from '@casino/games/cards';
import { useTranslation } from '../../lib/translation.ts';
import { PlayingCard } from '../../components/playing-card.tsx';
import { HILO_PREVIEW } from './verify-cards.ts';

function CardRow({ cards, testId, marks }: { cards: readonly number[]; testId: string; marks?: (i: number) => string }) {
  return (
    <>
      <ol className="grid grid-cols-5 gap-1.5 sm:grid-cols-10" data-testid={testId}>
        {cards.map((card, i) => (
          <li key={i} className="flex flex-col items-center gap-0.5" data-card-code={cardCode(card)}>
            <PlayingCard card={card} className="w-full max-w-12" />
            <span className="text-[10px] text-muted tabular-nums">{marks ? marks(i) : i + 1}</span>
          </li>
        ))}
      </ol>
      <p className="font-mono text-[11px] break-words text-soft" data-testid={`${testId}-codes`}>
        {cards.map(cardCode).join(' ')}
      </p>
    </>
  );
}

/** Hi-Lo: the round's first cards, in the order they are shown (card 1 is the one dealt at the start). */
export function HiloCardsView({ cards }: { cards: readonly number[] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2" data-testid="verify-hi-lo">
      <p className="text-xs text-muted">{t('fairness.hilo_order')}</p>
      <CardRow cards={cards.slice(0, HILO_PREVIEW)} testId="verify-hi-lo-cards" />
    </div>
  );
}

/** Video poker: the five cards dealt, then the replacements in the order they are drawn. */
export function VideoPokerDeckView({ deck }: { deck: readonly number[] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2" data-testid="verify-video-poker">
      <p className="text-xs text-muted">{t('fairness.videopoker_order')}</p>
      <CardRow cards={deck} testId="verify-video-poker-cards" marks={(i) => (i < 5 ? String(i + 1) : `+${i - 4}`)} />
    </div>
  );
}
