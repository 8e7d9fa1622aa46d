import { HOUSE_GAME_CODES, type HouseGameCode } from '@casino/shared/schemas/games';
import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { useSearchParams } from 'react-router';
import { Card } from '../../components/card.tsx';
import { ShieldIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ChainsPanel } from './chains-panel.tsx';
import type { RevealedPair } from './fairness.api.ts';
import { FormulasPanel } from './formulas-panel.tsx';
import { RoundCheck } from './round-check.tsx';
import { SeedsPanel } from './seeds-panel.tsx';
import { type VerifyPrefill, VerifyTool } from './verify-tool.tsx';

const isHouseCode = (value: string | null): value is HouseGameCode =>
  value !== null && (HOUSE_GAME_CODES as readonly string[]).includes(value);

/** What the address asks the tool to start with: /fairness?game=dice&server_seed=...&client_seed=...&nonce=3 */
function prefillFromParams(params: URLSearchParams): VerifyPrefill {
  const game = params.get('game');
  const prefill: VerifyPrefill = { game: isHouseCode(game) ? game : 'dice' };
  for (const [key, field] of [
    ['server_seed', 'serverSeed'],
    ['client_seed', 'clientSeed'],
    ['nonce', 'nonce'],
    ['hash', 'hash'],
    ['salt', 'salt'],
  ] as const) {
    const value = params.get(key);
    if (value) prefill[field] = value.slice(0, 128);
  }
  return prefill;
}

function parseRoundId(value: string | null): number | null {
  return value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * /fairness: the member's seeds (hash, client seed, nonce, rotation, revealed pairs), a round
 * checked by id against its recomputation, and the verify tool, all computed in the browser by
 * the same packages/games code the server runs; then the crash and double chains (commitment,
 * beacon round, salt) with a program to check a round anywhere, and every game's exact formula.
 */
export function FairnessPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [tool, setTool] = useState<{ prefill: VerifyPrefill; version: number }>(() => ({ prefill: prefillFromParams(params), version: 0 }));
  const toolRef = useRef<HTMLDivElement>(null);
  const roundId = parseRoundId(params.get('round'));

  const openInTool = (prefill: VerifyPrefill) => {
    setTool((current) => ({ prefill, version: current.version + 1 }));
    window.setTimeout(() => toolRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 0);
  };
  const verifyPair = (pair: RevealedPair) =>
    openInTool({ game: tool.prefill.game, serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: '0' });

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col">
      <PageHeader title={t('pages.fairness')} />
      <Card className="mb-4 flex gap-3 bg-gradient-to-br from-surface-2 via-surface to-surface">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-money/15 text-money">
          <ShieldIcon size={22} />
        </span>
        <div className="flex min-w-0 flex-col gap-1.5 text-sm leading-relaxed text-soft">
          <p>{t('fairness.intro')}</p>
          <p className="rounded-lg bg-ink/60 px-2.5 py-1.5 font-mono text-[11px] break-all text-muted">
            HMAC_SHA256(server_seed, client_seed:nonce:round)
          </p>
        </div>
      </Card>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        {/* A round asked for by the address (from the game records) comes first. */}
        <div className={`flex min-w-0 gap-4 ${roundId ? 'flex-col-reverse' : 'flex-col'}`}>
          <SeedsPanel onVerify={verifyPair} />
          <RoundCheck
            key={roundId ?? 0}
            roundId={roundId}
            onRoundId={(id) => setParams(id ? { round: String(id) } : {}, { replace: true })}
            onReplay={openInTool}
          />
        </div>
        <div ref={toolRef} className="min-w-0 scroll-mt-20">
          <VerifyTool key={tool.version} prefill={tool.prefill} />
        </div>
      </div>
      {/* The shared rounds (crash, double, live tables, bingo): the chains' public record and the program that checks a round anywhere; then every game's formula. */}
      <div className="mt-4 grid items-start gap-4 lg:grid-cols-2">
        <ChainsPanel prefill={tool.prefill} />
        <FormulasPanel />
      </div>
    </section>
  );
}
