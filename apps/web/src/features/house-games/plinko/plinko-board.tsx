import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef } from 'react';

/**
 * The plinko board, drawn on a canvas: pegs in rows (row k has k + 3 pegs), the multiplier
 * buckets under the last row, and any number of balls in flight. A ball follows the directions
 * the server drew (0 left, 1 right, one per row): it touches the peg of each row in turn, arcs to
 * the next one and falls into the bucket counted by its rights.
 */

export type PlinkoBoardHandle = {
  /** Drops a ball along `path`; resolves when it lands (at once if the page is hidden). */
  drop: (path: readonly number[]) => Promise<number>;
};

type Ball = {
  path: readonly number[];
  start: number;
  stepMs: number;
  resolve: (bucket: number) => void;
  hue: number;
};

type PlinkoBoardProps = {
  rows: number;
  /** Multiplier labels of the rows + 1 buckets, left to right ("1000×"). */
  labels: readonly string[];
  /** Colours of the buckets, left to right. */
  colours: readonly string[];
  label: string;
};

const PEG_GLOW_MS = 260;
const BUCKET_BOUNCE_MS = 320;

type Geometry = { width: number; height: number; spacing: number; rowGap: number; top: number; pegRadius: number; ballRadius: number };

function geometry(width: number, height: number, rows: number): Geometry {
  const spacing = width / (rows + 2.2);
  const bucketHeight = Math.max(22, spacing * 0.8);
  const top = spacing * 0.9;
  const rowGap = Math.min(spacing * 0.92, (height - top - bucketHeight - spacing * 0.6) / rows);
  return {
    width,
    height,
    spacing,
    rowGap,
    top,
    pegRadius: Math.max(2, spacing * 0.1),
    ballRadius: Math.max(4, spacing * 0.22),
  };
}

/** Centre of the peg that row `row`'s ball touches after `rights` moves to the right. */
function pegPoint(g: Geometry, row: number, rights: number): { x: number; y: number } {
  return { x: g.width / 2 + (rights - row / 2) * g.spacing, y: g.top + row * g.rowGap };
}

function ballPosition(g: Geometry, ball: Ball, now: number): { x: number; y: number; row: number; done: boolean } {
  const rows = ball.path.length;
  const t = (now - ball.start) / ball.stepMs;
  const step = Math.max(0, Math.floor(t));
  const frac = Math.max(0, t - step);
  const rightsBefore = (k: number) => ball.path.slice(0, k).reduce((a, b) => a + b, 0);
  // Step 0: falls from above onto the first peg; steps 1..rows: peg row k-1 to row k (row `rows` is the bucket).
  if (t < 1) {
    const target = pegPoint(g, 0, 0);
    const y0 = target.y - g.rowGap * 1.1;
    const e = Math.max(0, t) ** 2;
    return { x: target.x, y: y0 + (target.y - g.ballRadius - g.pegRadius - y0) * e, row: -1, done: false };
  }
  if (step > rows) {
    const rights = rightsBefore(rows);
    const p = pegPoint(g, rows, rights);
    return { x: p.x, y: p.y - g.ballRadius * 0.2, row: rows, done: true };
  }
  const row = step - 1;
  const from = pegPoint(g, row, rightsBefore(row));
  const to = pegPoint(g, row + 1, rightsBefore(row + 1));
  const lift = g.ballRadius + g.pegRadius;
  const x = from.x + (to.x - from.x) * frac;
  // A small hop off the peg, then gravity down to the next one.
  const hop = g.rowGap * 0.45;
  const y = from.y - lift + (to.y - from.y) * frac * frac - hop * 4 * frac * (1 - frac) * 0.6;
  return { x, y, row, done: false };
}

export const PlinkoBoard = forwardRef<PlinkoBoardHandle, PlinkoBoardProps>(function PlinkoBoard({ rows, labels, colours, label }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const balls = useRef<Ball[]>([]);
  const pegHits = useRef(new Map<string, number>());
  const bucketHits = useRef(new Map<number, number>());
  const frame = useRef(0);
  const size = useRef({ width: 0, height: 0, ratio: 1 });
  const props = useRef({ rows, labels, colours });
  props.current = { rows, labels, colours };

  const draw = useCallback((now: number) => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return false;
    const { width, height, ratio } = size.current;
    const { rows: rowCount, labels: texts, colours: fills } = props.current;
    const g = geometry(width, height, rowCount);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);

    // Pegs: white dots that flash when a ball touches them.
    for (let row = 0; row < rowCount; row++) {
      for (let j = 0; j < row + 3; j++) {
        const x = width / 2 + (j - (row + 2) / 2) * g.spacing;
        const y = g.top + row * g.rowGap;
        const hit = pegHits.current.get(`${row}:${j}`);
        const glow = hit ? Math.max(0, 1 - (now - hit) / PEG_GLOW_MS) : 0;
        if (glow > 0) {
          context.fillStyle = `rgba(245,196,81,${0.35 * glow})`;
          context.beginPath();
          context.arc(x, y, g.pegRadius * (2 + 2 * glow), 0, Math.PI * 2);
          context.fill();
        }
        context.fillStyle = glow > 0 ? '#fff7d6' : '#e5e9f5';
        context.beginPath();
        context.arc(x, y, g.pegRadius, 0, Math.PI * 2);
        context.fill();
      }
    }

    // Buckets under the last row.
    const bucketY = g.top + rowCount * g.rowGap - g.rowGap * 0.15;
    const bucketW = g.spacing * 0.92;
    const bucketH = Math.max(20, g.spacing * 0.72);
    // On a narrow board the "×" goes, so the figures stay legible.
    const compact = g.spacing < 30;
    const fontSize = Math.max(9, Math.min(15, g.spacing * (compact ? 0.38 : 0.3)));
    for (let b = 0; b <= rowCount; b++) {
      const x = width / 2 + (b - rowCount / 2) * g.spacing;
      const hit = bucketHits.current.get(b);
      const bounce = hit ? Math.max(0, 1 - (now - hit) / BUCKET_BOUNCE_MS) : 0;
      const y = bucketY + Math.sin(bounce * Math.PI) * 6;
      context.fillStyle = fills[b] ?? '#f5c451';
      context.shadowColor = bounce > 0 ? (fills[b] ?? '#f5c451') : 'transparent';
      context.shadowBlur = bounce > 0 ? 14 : 0;
      roundRect(context, x - bucketW / 2, y, bucketW, bucketH, Math.min(6, bucketW * 0.2));
      context.fill();
      context.shadowBlur = 0;
      context.fillStyle = 'rgba(0,0,0,0.25)';
      context.fillRect(x - bucketW / 2, y + bucketH - 3, bucketW, 3);
      context.fillStyle = '#1a1206';
      context.font = `800 ${fontSize}px Inter, system-ui, sans-serif`;
      context.textAlign = 'center';
      context.textBaseline = 'middle';
      const text = texts[b] ?? '';
      context.fillText(compact ? text.replace('×', '') : text, x, y + bucketH / 2 - 1, bucketW - 2);
    }

    // Balls.
    const alive: Ball[] = [];
    for (const ball of balls.current) {
      const p = ballPosition(g, ball, now);
      if (p.row >= 0 && p.row < rowCount) {
        const rights = ball.path.slice(0, p.row).reduce((a, c) => a + c, 0);
        const key = `${p.row}:${rights + 1}`;
        const hit = pegHits.current.get(key);
        if (!hit || now - hit > ball.stepMs) pegHits.current.set(key, now);
      }
      if (p.done) {
        const bucket = ball.path.reduce((a, c) => a + c, 0);
        bucketHits.current.set(bucket, now);
        ball.resolve(bucket);
        continue;
      }
      alive.push(ball);
      const gradient = context.createRadialGradient(p.x - g.ballRadius / 3, p.y - g.ballRadius / 3, 1, p.x, p.y, g.ballRadius);
      gradient.addColorStop(0, '#fff');
      gradient.addColorStop(0.35, `hsl(${ball.hue} 95% 62%)`);
      gradient.addColorStop(1, `hsl(${ball.hue} 90% 38%)`);
      context.fillStyle = gradient;
      context.beginPath();
      context.arc(p.x, p.y, g.ballRadius, 0, Math.PI * 2);
      context.fill();
    }
    balls.current = alive;
    const animating =
      alive.length > 0 ||
      [...pegHits.current.values()].some((hit) => now - hit < PEG_GLOW_MS) ||
      [...bucketHits.current.values()].some((hit) => now - hit < BUCKET_BOUNCE_MS);
    return animating;
  }, []);

  const loop = useCallback(
    (now: number) => {
      const more = draw(now);
      frame.current = more ? requestAnimationFrame(loop) : 0;
    },
    [draw],
  );

  const kick = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(loop);
  }, [loop]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const resize = () => {
      const rect = element.getBoundingClientRect();
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      size.current = { width: rect.width, height: rect.height, ratio };
      element.width = Math.round(rect.width * ratio);
      element.height = Math.round(rect.height * ratio);
      draw(performance.now());
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
      // Balls of an unmounted board land at once, so no promise waits forever.
      for (const ball of balls.current) ball.resolve(ball.path.reduce((a, c) => a + c, 0));
      balls.current = [];
    };
  }, [draw]);

  // Redraw when the table changes (rows or risk).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the props are read through a ref; these are the triggers
  useEffect(() => {
    draw(performance.now());
  }, [rows, labels, colours, draw]);

  useImperativeHandle(
    ref,
    () => ({
      drop(path) {
        return new Promise<number>((resolve) => {
          const bucket = path.reduce((a, c) => a + c, 0);
          const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
          if (document.hidden || reduce) {
            bucketHits.current.set(bucket, performance.now());
            kick();
            resolve(bucket);
            return;
          }
          const stepMs = Math.max(95, 1500 / (path.length + 1));
          balls.current.push({ path, start: performance.now(), stepMs, resolve, hue: 330 + Math.floor(Math.random() * 40) });
          kick();
        });
      },
    }),
    [kick],
  );

  return <canvas ref={canvas} role="img" aria-label={label} className="block h-full w-full" />;
});

function roundRect(context: CanvasRenderingContext2D, x: number, y: number, width: number, height: number, radius: number): void {
  context.beginPath();
  context.moveTo(x + radius, y);
  context.arcTo(x + width, y, x + width, y + height, radius);
  context.arcTo(x + width, y + height, x, y + height, radius);
  context.arcTo(x, y + height, x, y, radius);
  context.arcTo(x, y, x + width, y, radius);
  context.closePath();
}
