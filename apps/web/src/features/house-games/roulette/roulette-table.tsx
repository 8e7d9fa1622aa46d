import { memo, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Chip, chipColour, chipLabel } from './chip.tsx';
import { numberColour, type Orientation, SPOTS, type Spot, tableLayout } from './roulette-layout.ts';

type RouletteTableProps = {
  orientation: Orientation;
  /** Stake per spot key, in centavos. */
  stakes: ReadonlyMap<string, number>;
  /** Chip denominations, to colour a stack by its size. */
  chipValues: readonly number[];
  onPlace: (spot: Spot) => void;
  disabled: boolean;
  /** The number the ball landed on, while the result is shown. */
  result: number | null;
};

/** What a spot is called, for screen readers and the hover hint: "Cavalo 14-17". */
export function useSpotName() {
  const { t } = useTranslation('play');
  return (spot: Spot) => {
    if (spot.kind === 'dozen') return t('roulette.spot.dozen', { n: Math.ceil(spot.numbers[0]! / 12) });
    if (spot.kind === 'column') return t('roulette.spot.column', { n: spot.numbers[0]! });
    const numbers = spot.numbers.join('-');
    return t(`roulette.spot.${spot.kind}`, { numbers });
  };
}

function stackColour(amount: number, chipValues: readonly number[]): string {
  let index = 0;
  chipValues.forEach((value, i) => {
    if (amount >= value) index = i;
  });
  return chipColour(index);
}

const TILE = {
  green: 'bg-[#0f7a3a]',
  red: 'bg-[#c81e1e]',
  black: 'bg-[#101522]',
} as const;

function SpotFace({ spot, vertical }: { spot: Spot; vertical: boolean }) {
  const { t } = useTranslation('play');
  switch (spot.kind) {
    case 'straight': {
      const n = spot.numbers[0]!;
      return (
        <span
          className={`flex items-center justify-center rounded-md font-extrabold text-white tabular-nums ${TILE[numberColour(n)]} ${
            n === 0 ? 'h-[70%] w-[40%]' : 'size-[82%]'
          } ${vertical ? 'text-[15px]' : 'text-base'} shadow-[inset_0_-2px_0_rgba(0,0,0,0.35)]`}
        >
          {n}
        </span>
      );
    }
    case 'column':
      return <span className="text-xs font-bold text-white/90">2:1</span>;
    case 'dozen':
      return (
        <span className={`text-xs font-bold whitespace-nowrap text-white/90 ${vertical ? '-rotate-90' : ''}`}>
          {spot.numbers[0]}-{spot.numbers.at(-1)}
        </span>
      );
    case 'red':
    case 'black':
      return (
        <span
          className={`block size-5 rotate-45 rounded-[3px] border border-white/40 ${spot.kind === 'red' ? 'bg-[#c81e1e]' : 'bg-[#101522]'}`}
        />
      );
    default:
      return (
        <span className={`text-[11px] font-bold whitespace-nowrap text-white/90 uppercase ${vertical ? '-rotate-90' : ''}`}>
          {t(`roulette.face.${spot.kind}`)}
        </span>
      );
  }
}

/**
 * The betting table: every standard bet of European roulette. Number tiles, outside boxes and the
 * lines between numbers (splits, streets, corners, six lines, bets with the zero) are all buttons;
 * hovering one lights the numbers it covers; after a spin the winning number and the stakes that
 * won glow.
 */
export const RouletteTable = memo(function RouletteTable({
  orientation,
  stakes,
  chipValues,
  onPlace,
  disabled,
  result,
}: RouletteTableProps) {
  const { t } = useTranslation('play');
  const spotName = useSpotName();
  const layout = tableLayout(orientation);
  const vertical = orientation === 'vertical';
  const [hover, setHover] = useState<Spot | null>(null);
  const lit = new Set(hover?.numbers ?? []);

  const rects = SPOTS.filter((s) => s.shape.type === 'rect');
  const points = SPOTS.filter((s) => s.shape.type === 'point');

  const centre = (spot: Spot) => {
    const shape = spot.shape;
    if (shape.type === 'point') return layout.point(shape.r, shape.c);
    const b = layout.box(shape);
    return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  };

  return (
    <div className="w-full rounded-2xl border border-[#c9a14a]/40 bg-[radial-gradient(ellipse_at_center,#137a3f,#0b4f29)] p-1.5 shadow-[inset_0_0_30px_rgba(0,0,0,0.45)]">
      <fieldset
        aria-label={t('roulette.table')}
        disabled={disabled}
        className="relative w-full select-none"
        style={{ aspectRatio: layout.aspectRatio }}
        onPointerLeave={() => setHover(null)}
      >
        {rects.map((spot) => {
          const shape = spot.shape as Extract<Spot['shape'], { type: 'rect' }>;
          const box = layout.box(shape);
          const isNumber = spot.kind === 'straight';
          const covered = isNumber && lit.has(spot.numbers[0]!);
          const winning = result !== null && isNumber && spot.numbers[0] === result;
          const outsideWin = result !== null && !isNumber && spot.numbers.includes(result);
          return (
            <button
              key={spot.key}
              type="button"
              data-spot={spot.key}
              aria-label={spotName(spot)}
              onClick={() => onPlace(spot)}
              onPointerEnter={() => setHover(spot)}
              onFocus={() => setHover(spot)}
              className={`absolute flex items-center justify-center border border-white/25 transition-colors disabled:cursor-not-allowed ${
                isNumber ? '' : 'hover:bg-white/10'
              } ${hover === spot && !isNumber ? 'bg-white/10' : ''} ${outsideWin ? 'bg-gold/20' : ''}`}
              style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
            >
              <SpotFace spot={spot} vertical={vertical} />
              {covered || winning ? (
                <span
                  aria-hidden="true"
                  className={`pointer-events-none absolute inset-[3px] rounded-md ring-2 ${winning ? 'animate-pulse ring-gold' : 'ring-white/80'}`}
                />
              ) : null}
            </button>
          );
        })}
        {points.map((spot) => {
          const shape = spot.shape as Extract<Spot['shape'], { type: 'point' }>;
          const at = layout.point(shape.r, shape.c);
          return (
            <button
              key={spot.key}
              type="button"
              data-spot={spot.key}
              aria-label={spotName(spot)}
              onClick={() => onPlace(spot)}
              onPointerEnter={() => setHover(spot)}
              onFocus={() => setHover(spot)}
              className="group absolute z-10 flex items-center justify-center rounded-full disabled:cursor-not-allowed"
              style={{
                left: `${at.x - layout.zone.width / 2}%`,
                top: `${at.y - layout.zone.height / 2}%`,
                width: `${layout.zone.width}%`,
                height: `${layout.zone.height}%`,
              }}
            >
              <span className="size-2 rounded-full bg-white/0 transition group-hover:bg-white/70 group-focus-visible:bg-white/70" />
            </button>
          );
        })}
        {SPOTS.map((spot) => {
          const amount = stakes.get(spot.key);
          if (!amount) return null;
          const at = centre(spot);
          const won = result !== null && spot.numbers.includes(result);
          return (
            <span
              key={spot.key}
              data-stake={spot.key}
              className={`pointer-events-none absolute z-20 -translate-x-1/2 -translate-y-1/2 transition ${
                result !== null && !won ? 'opacity-40 grayscale' : ''
              }`}
              style={{ left: `${at.x}%`, top: `${at.y}%` }}
            >
              <Chip colour={stackColour(amount, chipValues)} label={chipLabel(amount)} size={vertical ? 26 : 30} glow={won} />
            </span>
          );
        })}
      </fieldset>
    </div>
  );
});
