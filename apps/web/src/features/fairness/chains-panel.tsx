import { API } from '@casino/shared/player-api-paths';
import { type CrashState, type DoubleState, FAIR_CHAIN_GAMES, type FairChainGame } from '@casino/shared/schemas/house-games';
import { verifySnippet } from '@casino/games/verify-snippet';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { AlertIcon, CopyIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { apiGet, errorMessage } from '../../lib/api.ts';
import { currentLanguage, htmlLangOf } from '../../lib/i18n.ts';
import { CopyValue, copyText } from './copy-value.tsx';
import { type FairChain, useFairChains } from './fairness.api.ts';

/** The games the copy-paste snippet checks (packages/games verify-snippet); the others are checked in the verify tool above. */
type SnippetGame = 'crash' | 'double';
const isSnippetGame = (game: FairChainGame): game is SnippetGame => game === 'crash' || game === 'double';
const isChainGame = (game: string): game is FairChainGame => (FAIR_CHAIN_GAMES as readonly string[]).includes(game);

/** To the second: a commitment and its beacon round are seconds apart, and which came first is the point. */
function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(htmlLangOf(currentLanguage()), { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

/** How the page names a beacon: drand's network, or the sandbox (which says what it is). */
function useBeaconName() {
  const { t } = useTranslation();
  return (name: string) => (name === 'drand-quicknet' ? 'drand · quicknet' : name === 'sandbox' ? t('fairness.chains.sandbox_name') : name);
}

function StatusPill({ status }: { status: FairChain['status'] }) {
  const { t } = useTranslation();
  const tone = status === 'active' ? 'bg-money/15 text-money' : status === 'committed' ? 'bg-gold/15 text-gold' : 'bg-surface-2 text-muted';
  return <span className={`rounded-full px-2.5 py-0.5 text-[11px] font-semibold ${tone}`}>{t(`fairness.chains.status.${status}`)}</span>;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-xs">
      <span className="text-muted">{label}</span>
      <span className="min-w-0 text-right text-soft">{children}</span>
    </div>
  );
}

/** One chain's public record: commitment, beacon round, salt, rounds played. */
function ChainRecord({ chain }: { chain: FairChain }) {
  const { t } = useTranslation();
  const beaconName = useBeaconName();
  const beacon = chain.beacon;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line/60 bg-ink/40 p-3" data-testid={`chain-${chain.status}`}>
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-white">{t('fairness.chains.chain_number', { id: chain.id })}</span>
        <StatusPill status={chain.status} />
      </div>
      <CopyValue label={t('fairness.chains.commitment')} value={chain.terminating_hash} testId="chain-commitment" />
      <Row label={t('fairness.chains.committed_at')}>{formatInstant(chain.committed_at)}</Row>
      {beacon ? (
        <>
          <Row label={t('fairness.chains.beacon_round')}>
            <span data-testid="chain-beacon-round">
              {beaconName(beacon.name)} · #{beacon.round}
            </span>
          </Row>
          <Row label={t('fairness.chains.round_time')}>{formatInstant(beacon.round_time)}</Row>
          {beacon.url ? (
            <a
              href={beacon.url}
              target="_blank"
              rel="noreferrer noopener"
              className="w-fit text-xs font-semibold text-gold underline-offset-2 hover:underline"
            >
              {t('fairness.chains.open_beacon', { round: beacon.round })}
            </a>
          ) : null}
        </>
      ) : (
        <p className="flex items-start gap-2 rounded-lg bg-gold/10 px-2.5 py-2 text-xs text-gold" data-testid="chain-legacy">
          <AlertIcon size={15} className="mt-px shrink-0" />
          {t('fairness.chains.legacy')}
        </p>
      )}
      {chain.salt ? (
        <CopyValue label={t('fairness.chains.salt')} value={chain.salt} testId="chain-salt" />
      ) : (
        <Row label={t('fairness.chains.salt')}>
          <span className="text-gold">{t('fairness.chains.salt_pending', { round: beacon?.round ?? '' })}</span>
        </Row>
      )}
      <Row label={t('fairness.chains.rounds')}>
        {t('fairness.chains.rounds_played', { played: chain.rounds_played, length: chain.length })}
      </Row>
    </div>
  );
}

/** The newest round hash of a game (its history), to fill the snippet with something to check. */
function useLatestRoundHash(game: SnippetGame) {
  return useQuery({
    queryKey: ['fair', 'latest-hash', game],
    staleTime: 10_000,
    queryFn: async ({ signal }) => {
      const path = game === 'crash' ? API.house.crashState : API.house.doubleState;
      const state = (await apiGet<CrashState | DoubleState>(path, {}, signal)).data;
      return state.history[0]?.hash ?? null;
    },
  });
}

const HASH = /^[0-9a-f]{64}$/;

/** The copy-paste program that checks a round of the active chain anywhere (packages/games verify-snippet). */
function Snippet({ game, chain, roundHash }: { game: SnippetGame; chain: FairChain | undefined; roundHash: string | undefined }) {
  const { t } = useTranslation();
  const latest = useLatestRoundHash(game);
  if (!chain?.salt) return null;
  const hash = roundHash && HASH.test(roundHash) ? roundHash : (latest.data ?? '<round hash>');
  const code = verifySnippet({
    game,
    roundHash: hash,
    salt: chain.salt,
    terminatingHash: chain.terminating_hash,
    chainLength: chain.length,
  });
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4" data-testid="verify-snippet">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-soft">{t('fairness.snippet.title')}</h3>
        <Button size="sm" variant="outline" onClick={() => copyText(code, t('common.copied'))}>
          <CopyIcon size={15} />
          {t('common.copy')}
        </Button>
      </div>
      <p className="text-xs leading-relaxed text-muted">{t('fairness.snippet.text')}</p>
      <pre className="max-h-80 overflow-auto rounded-xl border border-line/70 bg-ink/70 p-3 font-mono text-[11px] leading-relaxed text-soft">
        <code data-testid="verify-snippet-code">{code}</code>
      </pre>
    </div>
  );
}

/**
 * Every shared round (crash, double, the live tables, the bingo rooms) draws from published hash chains: each chain's terminating hash is public
 * before its salt exists, and the salt is a public beacon round emitted after that. This panel
 * shows the record (API.fair.chains) and the program that checks a round anywhere.
 */
export function ChainsPanel({ prefill }: { prefill: { game: string; hash?: string | undefined } }) {
  const { t } = useTranslation();
  const chains = useFairChains();
  const [game, setGame] = useState<FairChainGame>(isChainGame(prefill.game) ? prefill.game : 'crash');
  const [showAll, setShowAll] = useState(false);
  const list = (chains.data?.chains ?? []).filter((chain) => chain.game === game);
  const active = list.find((chain) => chain.status === 'active');
  const next = list.find((chain) => chain.status === 'committed');
  const older = list.filter((chain) => chain.status === 'retired');
  const beaconName = useBeaconName();

  return (
    <Card className="flex min-w-0 flex-col gap-4" data-testid="chains-panel">
      <div>
        <h2 className="text-base font-bold text-white">{t('fairness.chains.title')}</h2>
        <p className="mt-1 text-sm leading-relaxed text-muted">{t('fairness.chains.intro')}</p>
      </div>
      {chains.data ? (
        chains.data.beacon.sandbox ? (
          <p className="flex items-start gap-2 rounded-xl bg-danger/10 px-3 py-2.5 text-sm text-danger" data-testid="sandbox-beacon">
            <AlertIcon size={18} className="mt-0.5 shrink-0" />
            {t('fairness.chains.sandbox_warning')}
          </p>
        ) : (
          <p className="text-xs text-muted">{t('fairness.chains.beacon_in_use', { beacon: beaconName(chains.data.beacon.name) })}</p>
        )
      ) : null}
      <fieldset className="flex min-w-0 flex-col" data-testid="chains-games">
        <legend className="sr-only">{t('fairness.game')}</legend>
        <div className="scrollbar-none -mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1 md:flex-wrap">
          {FAIR_CHAIN_GAMES.map((code) => (
            <button
              key={code}
              type="button"
              aria-pressed={code === game}
              onClick={() => {
                setGame(code);
                setShowAll(false);
              }}
              className={`h-9 shrink-0 rounded-full border px-3.5 text-sm whitespace-nowrap transition ${
                code === game ? 'border-gold bg-gold/10 font-semibold text-gold' : 'border-line bg-surface text-soft hover:border-gold/50'
              }`}
            >
              {t(`fairness.games.${code}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {chains.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-12" />
          <Skeleton className="h-24" />
        </div>
      ) : chains.isError ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <p className="text-sm text-soft">{errorMessage(chains.error)}</p>
          <Button size="sm" variant="ghost" onClick={() => void chains.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">{t('fairness.chains.none')}</p>
      ) : (
        <div className="flex flex-col gap-3">
          {active ? <ChainRecord chain={active} /> : null}
          {next ? <ChainRecord chain={next} /> : null}
          {older.length > 0 ? (
            showAll ? (
              older.map((chain) => <ChainRecord key={chain.id} chain={chain} />)
            ) : (
              <Button size="sm" variant="ghost" className="w-fit" onClick={() => setShowAll(true)}>
                {t('fairness.chains.show_older', { count: older.length })}
              </Button>
            )
          ) : null}
        </div>
      )}
      {isSnippetGame(game) ? <Snippet game={game} chain={active} roundHash={prefill.game === game ? prefill.hash : undefined} /> : null}
    </Card>
  );
}
