import { CRASH_GROWTH, msForMultiplier, multiplierAt } from '@casino/games/crash';
import { type RefObject, useEffect, useRef } from 'react';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatScaledIn } from '../common/amounts.ts';

/**
 * The rising curve, drawn on a canvas at the display's frame rate. Between the server's ticks the
 * multiplier is extrapolated with the same curve the server uses (multiplierAt), never more than
 * a second past the last tick: if ticks stop, the curve stops. React does not re-render per frame:
 * the big multiplier and the countdown are written straight into their elements.
 */
export type CrashView = {
  phase: 'betting' | 'running' | 'busted' | 'idle';
  /** Flight time at the last tick (ms) and when that tick arrived (performance.now()). */
  tickElapsedMs: number;
  tickReceivedAt: number;
  /** The crash point in hundredths once busted. */
  crashPoint: number | null;
  /** Milliseconds left to bet, at `bettingReceivedAt`. */
  bettingLeftMs: number;
  bettingReceivedAt: number;
  bettingTotalMs: number;
  /** The player's cash-out multiplier in this round (hundredths), drawn as a marker. */
  cashedAt: number | null;
};

const MAX_EXTRAPOLATION_MS = 1_000;
const NICE_STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

export function currentElapsedMs(view: CrashView, nowMs: number): number {
  if (view.phase === 'busted' && view.crashPoint !== null) return msForMultiplier(view.crashPoint);
  if (view.phase !== 'running') return 0;
  return view.tickElapsedMs + Math.min(MAX_EXTRAPOLATION_MS, Math.max(0, nowMs - view.tickReceivedAt));
}

/** "2,35×" in Portuguese, "2.35×" in English: a crash multiplier in hundredths. */
export function formatHundredths(hundredths: number, lang: string): string {
  return `${formatScaledIn(hundredths, 2, lang)}×`;
}

function gridStep(range: number, lines: number): number {
  return NICE_STEPS.find((step) => range / step <= lines) ?? NICE_STEPS[NICE_STEPS.length - 1]!;
}

function draw(canvas: HTMLCanvasElement, view: CrashView, nowMs: number, lang: string): number {
  const ctx = canvas.getContext('2d');
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (!ctx || width === 0 || height === 0) return 100;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);

  const elapsed = currentElapsedMs(view, nowMs);
  const current = view.phase === 'busted' && view.crashPoint !== null ? view.crashPoint : multiplierAt(elapsed);
  const pad = { left: 46, right: 18, top: 18, bottom: 26 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const xMaxMs = Math.max(10_000, elapsed * 1.15);
  const yMax = Math.max(2, (current / 100) * 1.2);
  const x = (ms: number) => pad.left + (ms / xMaxMs) * plotW;
  const y = (m: number) => pad.top + plotH - ((m - 1) / (yMax - 1)) * plotH;

  // Grid and axis labels.
  ctx.font = '11px Inter, system-ui, sans-serif';
  ctx.fillStyle = 'rgba(141,151,181,0.85)';
  ctx.strokeStyle = 'rgba(38,49,79,0.9)';
  ctx.lineWidth = 1;
  const yStep = gridStep(yMax - 1, 5);
  for (let m = 1; m <= yMax + 1e-9; m += yStep) {
    const yy = Math.round(y(m)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(pad.left, yy);
    ctx.lineTo(width - pad.right, yy);
    ctx.stroke();
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    const decimals = yStep < 1 ? 1 : 0;
    ctx.fillText(`${formatScaledIn(Math.round(m * 10 ** decimals), decimals, lang)}×`, pad.left - 6, yy);
  }
  const xStepS = gridStep(xMaxMs / 1000, 6);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (let s = 0; s * 1000 <= xMaxMs; s += xStepS) {
    ctx.fillText(`${s}s`, x(s * 1000), height - pad.bottom + 8);
  }

  if (view.phase !== 'running' && view.phase !== 'busted') return 100;

  // The curve m(t) = e^(g t), with a soft fill under it.
  const busted = view.phase === 'busted';
  const color = busted ? '#f05a67' : '#f5c451';
  const steps = 80;
  ctx.beginPath();
  ctx.moveTo(x(0), y(1));
  for (let i = 1; i <= steps; i += 1) {
    const t = (elapsed * i) / steps;
    ctx.lineTo(x(t), y(Math.exp(CRASH_GROWTH * t)));
  }
  const endX = x(elapsed);
  const endY = y(current / 100);
  const fill = ctx.createLinearGradient(0, pad.top, 0, pad.top + plotH);
  fill.addColorStop(0, busted ? 'rgba(240,90,103,0.35)' : 'rgba(245,196,81,0.35)');
  fill.addColorStop(1, 'rgba(245,196,81,0)');
  ctx.save();
  ctx.lineTo(endX, y(1));
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.restore();

  ctx.beginPath();
  ctx.moveTo(x(0), y(1));
  for (let i = 1; i <= steps; i += 1) {
    const t = (elapsed * i) / steps;
    ctx.lineTo(x(t), y(Math.exp(CRASH_GROWTH * t)));
  }
  ctx.strokeStyle = color;
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  ctx.shadowColor = color;
  ctx.shadowBlur = 12;
  ctx.stroke();
  ctx.shadowBlur = 0;

  // The player's cash-out, where it happened on the curve.
  if (view.cashedAt !== null && view.cashedAt <= current) {
    const cx = x(msForMultiplier(view.cashedAt));
    const cy = y(view.cashedAt / 100);
    ctx.fillStyle = '#22c55e';
    ctx.beginPath();
    ctx.arc(cx, cy, 6, 0, Math.PI * 2);
    ctx.fill();
  }

  // The head of the curve.
  ctx.fillStyle = busted ? '#f05a67' : '#fff7dd';
  ctx.beginPath();
  ctx.arc(endX, endY, busted ? 7 : 6, 0, Math.PI * 2);
  ctx.fill();
  return current;
}

type CrashCanvasProps = {
  /** Read every frame (a ref, so ticks do not re-render React). */
  view: RefObject<CrashView>;
  /** Writes the live multiplier and countdown each frame. */
  multiplierEl: RefObject<HTMLElement | null>;
  countdownEl: RefObject<HTMLElement | null>;
  progressEl: RefObject<HTMLElement | null>;
  /** Called on each frame while running with the displayed multiplier (hundredths). */
  onFrame?: (hundredths: number) => void;
};

export function CrashCanvas({ view, multiplierEl, countdownEl, progressEl, onFrame }: CrashCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const latestFrame = useRef(onFrame);
  latestFrame.current = onFrame;

  useEffect(() => {
    let frame = 0;
    const lang = currentLanguage();
    const loop = () => {
      const v = view.current;
      const cb = latestFrame.current;
      const now = performance.now();
      const shown = canvas.current ? draw(canvas.current, v, now, lang) : 100;
      if (multiplierEl.current && (v.phase === 'running' || v.phase === 'busted')) {
        multiplierEl.current.textContent = formatHundredths(shown, lang);
      }
      if (v.phase === 'betting') {
        const left = Math.max(0, v.bettingLeftMs - (now - v.bettingReceivedAt));
        if (countdownEl.current) countdownEl.current.textContent = formatScaledIn(Math.ceil(left / 100), 1, lang);
        if (progressEl.current) progressEl.current.style.transform = `scaleX(${v.bettingTotalMs > 0 ? left / v.bettingTotalMs : 0})`;
      }
      if (v.phase === 'running') cb?.(shown);
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [view, multiplierEl, countdownEl, progressEl]);

  return <canvas ref={canvas} className="absolute inset-0 size-full" />;
}
