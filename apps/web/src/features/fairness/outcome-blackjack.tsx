import { cardCode } from '@casino/games/cards';
import { useTranslation } from '../../lib/translation.ts';
import { PlayingCard } from '../../components/playing-card.tsx';
import { BLACKJACK_PREVIEW } from './verify-blackjack.ts';

/** The shoe's first cards in the order they are dealt: player, dealer up, player, dealer hole, then as asked. */
export function BlackjackShoeView({ shoe }: { shoe: readonly number[] }) {
  const { t } = useTranslation();
  const first = shoe.slice(0, BLACKJACK_PREVIEW);
  return (
    <div className="flex flex-col gap-2" data-testid="verify-blackjack">
      <p className="text-xs text-muted">{t('fairness.blackjack_order')}</p>
      <ol className="grid grid-cols-5 gap-1.5 sm:grid-cols-10">
        {first.map((card, i) => (
          <li key={i} className="flex flex-col items-center gap-0.5" data-card-code={cardCode(card)}>
            <PlayingCard card={card} className="w-full max-w-12" />
            <span className="text-[10px] text-muted tabular-nums">{i + 1}</span>
          </li>
        ))}
      </ol>
      <p className="font-mono text-[11px] break-words text-soft" data-testid="verify-blackjack-codes">
        {first.map(cardCode).join(' ')}
      </p>
    </div>
  );
}
