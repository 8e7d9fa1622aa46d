import { moneyStringToCentavos } from '@casino/shared/money';
import { useEffect, useRef, useState } from 'react';
import { niceCeiling } from './care-math.ts';
import { money, useCareTranslation } from './care-ui.tsx';
import type { StatementAnswer } from './responsible.api.ts';

const HEIGHT = 180;
const PAD = { top: 12, right: 8, bottom: 22, left: 8 };

const cents = (text: string) => moneyStringToCentavos(text) ?? 0;

/** "2026-11-28" -> "28/11". */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/**
 * The net result per day as bars from the zero line (green above, red below) and the stakes as a
 * line, drawn in plain SVG: no chart library in the bundle. The table below carries every figure;
 * the drawing is a picture of it, so it has a text summary for screen readers.
 */
export function StatementChart({ days }: { days: StatementAnswer['days'] }) {
  const { t } = useCareTranslation();
  // Drawn in the figure's own pixels (not a scaled picture), so labels keep their size on a phone.
  const host = useRef<HTMLElement>(null);
  const [WIDTH, setWidth] = useState(640);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(240, Math.round(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  if (days.length === 0) return null;
  const nets = days.map((d) => cents(d.net));
  const stakes = days.map((d) => cents(d.stakes));
  const top = niceCeiling(Math.max(0, ...nets, ...stakes));
  const bottom = -niceCeiling(Math.max(0, ...nets.map((n) => -n))) * (nets.some((n) => n < 0) ? 1 : 0);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + ((top - value) / (top - bottom)) * plotH;
  const slot = plotW / days.length;
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const barW = Math.max(2, Math.min(28, slot * 0.6));
  const zero = y(0);
  const labelEvery = Math.ceil(days.length / Math.max(2, Math.floor(plotW / 48)));
  const line = stakes.map((s, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(s).toFixed(1)}`).join(' ');
  const total = nets.reduce((a, b) => a + b, 0);

  return (
    <figure ref={host} className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        className="block"
        role="img"
        aria-label={t('statement.chart_summary', { days: days.length, net: money(total) })}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={zero} y2={zero} stroke="rgba(141,151,181,0.6)" strokeWidth={1} />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top)} y2={y(top)} stroke="rgba(38,49,79,0.9)" strokeDasharray="3 4" />
        <text x={WIDTH - PAD.right} y={y(top) + 11} textAnchor="end" fontSize={10} fill="#8d97b5">
          {money(top)}
        </text>
        {nets.map((net, i) => {
          const day = days[i]?.day ?? '';
          const h = Math.abs(y(net) - zero);
          return (
            <rect
              key={day}
              x={x(i) - barW / 2}
              y={net >= 0 ? y(net) : zero}
              width={barW}
              height={Math.max(net === 0 ? 0 : 1, h)}
              rx={2}
              fill={net >= 0 ? '#22c55e' : '#ef4444'}
              opacity={0.85}
            >
              <title>{`${shortDay(day)}: ${money(net)}`}</title>
            </rect>
          );
        })}
        <path d={line} fill="none" stroke="#f5c451" strokeWidth={2} strokeLinejoin="round" />
        {days.map((d, i) =>
          i % labelEvery === 0 ? (
            <text key={d.day} x={x(i)} y={HEIGHT - 6} textAnchor="middle" fontSize={10} fill="#8d97b5">
              {shortDay(d.day)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted">
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-money" aria-hidden="true" />
          <span className="size-2.5 rounded-sm bg-danger" aria-hidden="true" />
          {t('statement.legend_net')}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-0.5 w-4 rounded bg-gold" aria-hidden="true" />
          {t('statement.legend_stakes')}
        </span>
      </figcaption>
    </figure>
  );
}
