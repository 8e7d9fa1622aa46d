import { useId } from 'react';

/**
 * A drawn playing card (SVG, no images), shared by the card games (Hi-Lo, video poker, blackjack,
 * baccarat). Cards use the numbering of packages/games/src/cards.ts: `card = 13 * suit + rank - 1`,
 * rank 1 (ace) .. 13 (king), suit 0 clubs, 1 diamonds, 2 hearts, 3 spades. `card` null (or
 * `faceDown`) draws the back.
 */

const RANK_TEXT = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'] as const;
const RED = '#c81e3a';
const BLACK = '#111827';

/** Suit outlines in a 20x20 box. */
const SUIT_PATHS: Record<number, string> = {
  // clubs: three leaves and a stem
  0: 'M10 0.6a4.6 4.6 0 0 1 3.9 7.1 4.6 4.6 0 1 1 -2.6 6.4c.2 2.6 1 4.4 2.7 5.9H6c1.7-1.5 2.5-3.3 2.7-5.9a4.6 4.6 0 1 1 -2.6-6.4A4.6 4.6 0 0 1 10 .6z',
  1: 'M10 0 L18 10 L10 20 L2 10Z',
  2: 'M10 18.5C4 13.5 0 10 0 5.8 0 2.7 2.3.6 5 .6c2 0 3.8 1.2 5 3 1.2-1.8 3-3 5-3 2.7 0 5 2.1 5 5.2 0 4.2-4 7.7-10 12.7z',
  3: 'M10 0c3 5 10 8 10 12.5 0 3-2.4 4.5-4.7 4.5-1.8 0-3.3-1-4.3-2.5.3 2.5 1.3 4.2 3 5.5H6c1.7-1.3 2.7-3 3-5.5-1 1.5-2.5 2.5-4.3 2.5C2.4 17 0 15.5 0 12.5 0 8 7 5 10 0z',
};

/** Pip centres (x, y) in the 100x140 card for ranks 2..10; pips below the middle are drawn upside down. */
const PIPS: Record<number, [number, number][]> = {
  2: [
    [50, 30],
    [50, 110],
  ],
  3: [
    [50, 30],
    [50, 70],
    [50, 110],
  ],
  4: [
    [32, 30],
    [68, 30],
    [32, 110],
    [68, 110],
  ],
  5: [
    [32, 30],
    [68, 30],
    [50, 70],
    [32, 110],
    [68, 110],
  ],
  6: [
    [32, 30],
    [68, 30],
    [32, 70],
    [68, 70],
    [32, 110],
    [68, 110],
  ],
  7: [
    [32, 30],
    [68, 30],
    [50, 50],
    [32, 70],
    [68, 70],
    [32, 110],
    [68, 110],
  ],
  8: [
    [32, 30],
    [68, 30],
    [50, 50],
    [32, 70],
    [68, 70],
    [50, 90],
    [32, 110],
    [68, 110],
  ],
  9: [
    [32, 30],
    [68, 30],
    [32, 56],
    [68, 56],
    [50, 70],
    [32, 84],
    [68, 84],
    [32, 110],
    [68, 110],
  ],
  10: [
    [32, 30],
    [68, 30],
    [50, 43],
    [32, 56],
    [68, 56],
    [32, 84],
    [68, 84],
    [50, 97],
    [32, 110],
    [68, 110],
  ],
};

export function cardRank(card: number): number {
  return (card % 13) + 1;
}

export function cardSuit(card: number): number {
  return Math.floor(card / 13);
}

/** "A♠", "10♥": a language-neutral label (ranks and suit symbols are read the same everywhere). */
export function cardLabel(card: number): string {
  return `${RANK_TEXT[card % 13]}${SUIT_SYMBOLS[cardSuit(card)]}`;
}

function Pip({
  suit,
  x,
  y,
  size,
  color,
  flip = false,
}: {
  suit: number;
  x: number;
  y: number;
  size: number;
  color: string;
  flip?: boolean;
}) {
  const s = size / 20;
  const rotate = flip ? ` rotate(180 10 10)` : '';
  return <path d={SUIT_PATHS[suit]} fill={color} transform={`translate(${x - size / 2} ${y - size / 2}) scale(${s})${rotate}`} />;
}

/** The court cards: a framed panel with a crown, the letter and the suit. */
function Court({ rank, suit, color, id }: { rank: number; suit: number; color: string; id: string }) {
  const letter = RANK_TEXT[rank - 1];
  return (
    <g>
      <defs>
        <linearGradient id={`${id}-court`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff7d6" />
          <stop offset="1" stopColor="#f5d97a" />
        </linearGradient>
      </defs>
      <rect x="22" y="24" width="56" height="92" rx="6" fill={`url(#${id}-court)`} stroke={color} strokeWidth="1.5" />
      <path
        d={
          rank === 13
            ? 'M34 52l4-14 8 9 4-12 4 12 8-9 4 14z'
            : rank === 12
              ? 'M36 52l3-12 6 7 5-10 5 10 6-7 3 12z'
              : 'M38 52l2-10 10 6 10-6 2 10z'
        }
        fill="#d4a017"
        stroke="#8a6508"
        strokeWidth="1"
        strokeLinejoin="round"
      />
      <text x="50" y="86" textAnchor="middle" fontSize="30" fontWeight="800" fill={color} fontFamily="Georgia, 'Times New Roman', serif">
        {letter}
      </text>
      <Pip suit={suit} x={50} y={102} size={14} color={color} />
    </g>
  );
}

export type PlayingCardProps = {
  /** 0..51, or null for a card not yet known (drawn face down). */
  card: number | null;
  faceDown?: boolean;
  className?: string;
  /** Gold outline (a held card, a winning card). */
  highlight?: boolean;
  /** Greyed out (a lost or discarded card). */
  dim?: boolean;
  testId?: string;
};

export function PlayingCard({ card, faceDown = false, className = '', highlight = false, dim = false, testId }: PlayingCardProps) {
  const id = useId().replace(/:/g, '');
  const hidden = faceDown || card === null || !Number.isInteger(card) || card < 0 || card > 51;
  const stroke = highlight ? '#facc15' : '#cbd5e1';
  const strokeWidth = highlight ? 5 : 1.5;
  if (hidden) {
    return (
      <svg viewBox="0 0 100 140" className={className} role="img" aria-label="?" data-testid={testId} data-card="back">
        <defs>
          <pattern id={`${id}-back`} width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="10" height="10" fill="#1e3a8a" />
            <path d="M0 0h5v10H0z" fill="#1d4ed8" />
          </pattern>
        </defs>
        <rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#f8fafc" stroke={stroke} strokeWidth={strokeWidth} />
        <rect x="8" y="8" width="84" height="124" rx="6" fill={`url(#${id}-back)`} />
        <rect x="8" y="8" width="84" height="124" rx="6" fill="none" stroke="#facc15" strokeOpacity="0.7" strokeWidth="1.5" />
        <path d="M50 48l14 22-14 22-14-22z" fill="#facc15" fillOpacity="0.85" />
        <circle cx="50" cy="70" r="5" fill="#1e3a8a" />
      </svg>
    );
  }
  const rank = cardRank(card);
  const suit = cardSuit(card);
  const color = suit === 1 || suit === 2 ? RED : BLACK;
  return (
    <svg
      viewBox="0 0 100 140"
      className={className}
      role="img"
      aria-label={cardLabel(card)}
      data-testid={testId}
      data-card={card}
      style={dim ? { opacity: 0.45 } : undefined}
    >
      <rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#fdfdfb" stroke={stroke} strokeWidth={strokeWidth} />
      {/* corner indices */}
      <g>
        <text
          x="12"
          y="22"
          textAnchor="middle"
          fontSize={rank === 10 ? 15 : 18}
          fontWeight="800"
          fill={color}
          fontFamily="system-ui, sans-serif"
        >
          {RANK_TEXT[rank - 1]}
        </text>
        <Pip suit={suit} x={12} y={32} size={10} color={color} />
      </g>
      <g transform="rotate(180 50 70)">
        <text
          x="12"
          y="22"
          textAnchor="middle"
          fontSize={rank === 10 ? 15 : 18}
          fontWeight="800"
          fill={color}
          fontFamily="system-ui, sans-serif"
        >
          {RANK_TEXT[rank - 1]}
        </text>
        <Pip suit={suit} x={12} y={32} size={10} color={color} />
      </g>
      {rank === 1 ? <Pip suit={suit} x={50} y={70} size={44} color={color} /> : null}
      {rank >= 2 && rank <= 10
        ? (PIPS[rank] ?? []).map(([x, y]) => (
            <Pip key={`${x}-${y}`} suit={suit} x={x} y={y} size={rank >= 9 ? 15 : 17} color={color} flip={y > 70} />
          ))
        : null}
      {rank >= 11 ? <Court rank={rank} suit={suit} color={color} id={id} /> : null}
    </svg>
  );
}
