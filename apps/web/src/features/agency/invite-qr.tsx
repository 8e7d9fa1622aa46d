import { useEffect, useState } from 'react';
import { modulesPath } from './qr-path.ts';

type QrSymbol = { size: number; path: string };

/** Encodes in the browser; the `qrcode` library is its own chunk, fetched only when a QR is drawn. */
async function encode(text: string): Promise<QrSymbol> {
  const qrcode = await import('qrcode');
  const create = qrcode.create ?? (qrcode as unknown as { default: typeof qrcode }).default.create;
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, path: modulesPath(modules.size, modules.data) };
}

/** The invite link as a QR code drawn client-side (black on white with a quiet zone, so any camera reads it). */
export function InviteQr({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const [symbol, setSymbol] = useState<QrSymbol | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    setSymbol(null);
    setFailed(false);
    encode(text).then(
      (encoded) => alive && setSymbol(encoded),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [text]);

  const frame = 'flex shrink-0 items-center justify-center rounded-xl bg-white p-2';
  if (failed) return null;
  if (!symbol) return <div className={`${frame} animate-pulse`} style={{ width: size, height: size }} aria-hidden="true" />;
  const quiet = 2;
  return (
    <div className={frame} style={{ width: size, height: size }} data-testid="invite-qr">
      <svg
        viewBox={`${-quiet} ${-quiet} ${symbol.size + quiet * 2} ${symbol.size + quiet * 2}`}
        role="img"
        aria-label={label}
        shapeRendering="crispEdges"
        className="size-full"
      >
        <rect x={-quiet} y={-quiet} width={symbol.size + quiet * 2} height={symbol.size + quiet * 2} fill="#fff" />
        <path d={symbol.path} fill="#070b16" />
      </svg>
    </div>
  );
}
