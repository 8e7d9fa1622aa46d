import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/button.tsx';
import { CopyIcon } from '../../../components/icons.tsx';
import { Modal } from '../../../components/modal.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { openLogin } from '../../../lib/modals.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useFairSeeds, useRotateSeeds } from './house-api.ts';

/** The path of the verify page (built by the provably-fair part of the games issue). */
export const FAIRNESS_PATH = '/fairness';
const MAX_CLIENT_SEED = 64;
/** The server's rule (clientSeedField): letters, digits, _ and -, 1 to 64 characters. */
const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

function SeedRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('play');
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-semibold text-muted">{label}</span>
      <div className="flex items-center gap-2 rounded-xl border border-line bg-ink/60 py-1.5 pr-1.5 pl-3">
        <code className="min-w-0 flex-1 truncate font-mono text-xs text-soft" data-testid={testId} title={value}>
          {value}
        </code>
        <button
          type="button"
          aria-label={t('fair.copy')}
          className="flex size-8 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-white"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(
              () => toast.success(t('fair.copied')),
              () => undefined,
            );
          }}
        >
          <CopyIcon size={16} />
        </button>
      </div>
    </div>
  );
}

function SeedPairPanel() {
  const { t } = useTranslation('play');
  const seeds = useFairSeeds();
  const rotate = useRotateSeeds();
  const [clientSeed, setClientSeed] = useState('');
  const [busy, setBusy] = useState(false);
  const active = seeds.data?.active;

  useEffect(() => {
    if (active) setClientSeed(active.client_seed);
  }, [active]);

  if (seeds.isPending) return <LoadingBlock label={t('fair.loading')} />;
  if (!active) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <p className="text-sm text-soft">{t('fair.load_fail')}</p>
        <Button variant="ghost" size="sm" onClick={() => void seeds.refetch()}>
          {t('fair.retry')}
        </Button>
      </div>
    );
  }

  const cleanSeed = clientSeed.trim();
  const seedValid = CLIENT_SEED.test(cleanSeed);
  const onRotate = async () => {
    setBusy(true);
    try {
      await rotate(cleanSeed && cleanSeed !== active.client_seed ? cleanSeed : undefined);
      toast.success(t('fair.rotated'));
    } catch {
      // The toast with the server's message is already shown.
    } finally {
      setBusy(false);
    }
  };
  const lastRevealed = seeds.data?.history?.[0];

  return (
    <div className="flex flex-col gap-3">
      <SeedRow label={t('fair.server_seed_hash')} value={active.server_seed_hash} testId="fair-server-hash" />
      <label className="flex flex-col gap-1">
        <span className="text-xs font-semibold text-muted">{t('fair.client_seed')}</span>
        <input
          className="h-10 rounded-xl border border-line bg-ink/60 px-3 font-mono text-xs text-white outline-none focus:border-gold/70"
          value={clientSeed}
          maxLength={MAX_CLIENT_SEED}
          onChange={(event) => setClientSeed(event.target.value)}
          data-testid="fair-client-seed"
        />
        {!seedValid ? <span className="text-xs text-danger">{t('fair.client_seed_rule', { max: MAX_CLIENT_SEED })}</span> : null}
      </label>
      <div className="flex items-center justify-between rounded-xl bg-surface-2/60 px-3 py-2 text-sm">
        <span className="text-muted">{t('fair.nonce')}</span>
        <span className="font-mono font-bold text-white" data-testid="fair-nonce">
          {active.nonce}
        </span>
      </div>
      <p className="text-xs text-muted">{t('fair.rotate_hint')}</p>
      <Button variant="outline" loading={busy} disabled={!seedValid} onClick={onRotate} data-testid="fair-rotate">
        {t('fair.rotate')}
      </Button>
      {lastRevealed ? (
        <div className="flex flex-col gap-2 border-t border-line pt-3">
          <span className="text-xs font-bold tracking-wide text-muted uppercase">{t('fair.previous_pair')}</span>
          <SeedRow label={t('fair.server_seed')} value={lastRevealed.server_seed} />
          <SeedRow label={t('fair.client_seed')} value={lastRevealed.client_seed} />
          <p className="text-xs text-muted">{t('fair.previous_nonce', { nonce: lastRevealed.nonce })}</p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * "Provably fair": the active seed pair (the server seed only as its hash), the client seed the
 * player may change, the nonce, rotation (which reveals the old server seed) and the verify page.
 * Shared-round games (crash, double) pass their own explanation as `extra`: their outcomes come
 * from a published hash chain, not from the player's seed pair.
 */
export function FairnessDialog({
  onClose,
  extra,
  showSeedPair = true,
}: {
  onClose: () => void;
  extra?: ReactNode;
  showSeedPair?: boolean;
}) {
  const { t } = useTranslation('play');
  const loggedIn = useIsLoggedIn();
  return (
    <Modal title={t('fair.title')} onClose={onClose}>
      <div className="flex flex-col gap-4 pb-1" data-testid="fairness-dialog">
        <p className="text-sm text-soft">{t('fair.intro')}</p>
        {extra}
        {showSeedPair ? (
          loggedIn ? (
            <SeedPairPanel />
          ) : (
            <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-5 text-center">
              <p className="text-sm text-soft">{t('fair.login_to_see')}</p>
              <Button
                size="sm"
                onClick={() => {
                  onClose();
                  openLogin();
                }}
              >
                {t('common.login')}
              </Button>
            </div>
          )
        ) : null}
        <Link to={FAIRNESS_PATH} className={buttonClass('ghost', 'md', 'w-full')} onClick={onClose}>
          {t('fair.verify_link')}
        </Link>
      </div>
    </Modal>
  );
}
