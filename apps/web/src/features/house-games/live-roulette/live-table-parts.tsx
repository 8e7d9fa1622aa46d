import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { formatScaledIn } from '../common/amounts.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The "RNG table, no live dealer" label every live table shows. */
export function RngBadge() {
  const { t } = useTranslation('play');
  return (
    <p
      className="inline-flex items-center gap-1.5 self-start rounded-full border border-gold/40 bg-gold/10 px-3 py-1 text-[11px] font-bold text-gold"
      data-testid="live-rng-label"
    >
      <span className="size-2 rounded-full bg-gold" aria-hidden />
      {t('live.rng_label')}
    </p>
  );
}

/** The betting window's countdown (seconds, one decimal) and its bar, written every frame. */
export function Countdown({ endsAt, serverTime, label }: { endsAt: number; serverTime: number; label: string }) {
  const text = useRef<HTMLSpanElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const receivedAt = performance.now();
    const total = Math.max(1, endsAt - serverTime);
    const lang = currentLanguage();
    let frame = 0;
    const loop = () => {
      const left = Math.max(0, total - (performance.now() - receivedAt));
      if (text.current) text.current.textContent = formatScaledIn(Math.ceil(left / 100), 1, lang);
      if (bar.current) bar.current.style.transform = `scaleX(${left / total})`;
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [endsAt, serverTime]);
  return (
    <div className="flex flex-col items-center gap-1.5" data-testid="live-countdown">
      <span className="text-sm font-semibold text-soft">
        {label} <span ref={text} className="font-black text-white tabular-nums" />s
      </span>
      <div className="h-1.5 w-48 overflow-hidden rounded-full bg-line">
        <div ref={bar} className="h-full origin-left bg-gold" />
      </div>
    </div>
  );
}
