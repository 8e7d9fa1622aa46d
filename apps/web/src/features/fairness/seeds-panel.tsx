import { isValidClientSeed } from '@casino/games/fair';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { inputClass } from '../../components/form-field.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { errorMessage, isSessionError } from '../../lib/api.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { CopyValue } from './copy-value.tsx';
import { type RevealedPair, useFairSeeds, useRotateSeeds } from './fairness.api.ts';
import { commitmentMatches } from './verify.ts';

const MAX_CLIENT_SEED = 64;

function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

function RevealedPairItem({ pair, onVerify }: { pair: RevealedPair; onVerify: (pair: RevealedPair) => void }) {
  const { t } = useTranslation();
  const honest = commitmentMatches(pair.server_seed, pair.server_seed_hash);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line/60 bg-ink/40 p-3" data-testid="revealed-pair">
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="text-muted">{formatWhen(pair.revealed_at)}</span>
        <span className={`inline-flex items-center gap-1 font-semibold ${honest ? 'text-money' : 'text-danger'}`}>
          {honest ? <CheckIcon size={14} /> : null}
          {honest ? t('fairness.hash_matches') : t('fairness.hash_mismatch')}
        </span>
      </div>
      <CopyValue label={t('fairness.server_seed')} value={pair.server_seed} />
      <CopyValue label={t('fairness.server_seed_hash')} value={pair.server_seed_hash} />
      <div className="flex items-end justify-between gap-2">
        <div className="min-w-0 flex-1">
          <CopyValue label={t('fairness.client_seed')} value={pair.client_seed} />
        </div>
        <Button size="sm" variant="outline" onClick={() => onVerify(pair)}>
          {t('fairness.verify_pair')}
        </Button>
      </div>
      <p className="text-xs text-muted">{t('fairness.pair_bets', { count: pair.nonce, last: pair.nonce - 1 })}</p>
    </li>
  );
}

/** The member's active pair (hash, client seed, nonce), the rotation, and the revealed pairs. */
export function SeedsPanel({ onVerify }: { onVerify: (pair: RevealedPair) => void }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const seeds = useFairSeeds(loggedIn);
  const rotate = useRotateSeeds();
  const active = seeds.data?.active;
  const [clientSeed, setClientSeed] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  useEffect(() => {
    if (active) setClientSeed(active.client_seed);
  }, [active]);

  if (!loggedIn) {
    return (
      <Card className="flex flex-col gap-3">
        <h2 className="text-base font-bold text-white">{t('fairness.your_seeds')}</h2>
        <LoginRequired />
      </Card>
    );
  }

  const clean = clientSeed.trim();
  const valid = isValidClientSeed(clean);
  const onRotate = async () => {
    if (!valid || !active) return;
    setBusy(true);
    try {
      await rotate(clean !== active.client_seed ? clean : undefined);
      toast.success(t('fairness.rotated'));
    } catch (error) {
      if (!isSessionError(error)) toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="flex flex-col gap-4" data-testid="seeds-panel">
      <h2 className="text-base font-bold text-white">{t('fairness.your_seeds')}</h2>
      {seeds.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-10" />
        </div>
      ) : !active ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <p className="text-sm text-soft">{seeds.error ? errorMessage(seeds.error) : t('common.load_fail')}</p>
          <Button size="sm" variant="ghost" onClick={() => void seeds.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <CopyValue label={t('fairness.active_hash')} value={active.server_seed_hash} testId="active-server-hash" />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-xs font-medium text-muted">
              {t('fairness.client_seed')}
            </label>
            <input
              id={inputId}
              name="new_client_seed"
              value={clientSeed}
              maxLength={MAX_CLIENT_SEED}
              onChange={(event) => setClientSeed(event.target.value)}
              aria-invalid={valid ? undefined : true}
              spellCheck={false}
              autoComplete="off"
              className={`${inputClass} font-mono text-[13px] ${valid ? 'border-line' : 'border-danger/70'}`}
            />
            <p className={`text-xs ${valid ? 'text-muted' : 'text-danger'}`}>{t('fairness.errors.client_seed')}</p>
          </div>
          <div className="flex items-center justify-between rounded-xl bg-surface-2/60 px-3 py-2.5 text-sm">
            <span className="text-muted">{t('fairness.next_nonce')}</span>
            <span className="font-mono font-bold text-white" data-testid="active-nonce">
              {active.nonce}
            </span>
          </div>
          <p className="text-xs leading-relaxed text-muted">{t('fairness.rotate_hint')}</p>
          <Button variant="outline" loading={busy} disabled={!valid} onClick={() => void onRotate()} data-testid="rotate-seeds">
            {t('fairness.rotate')}
          </Button>
        </>
      )}
      {seeds.data && seeds.data.history.length > 0 ? (
        <div className="flex flex-col gap-2 border-t border-line pt-4">
          <h3 className="text-sm font-semibold text-soft">{t('fairness.revealed_pairs')}</h3>
          <ul className="flex flex-col gap-2">
            {seeds.data.history.map((pair) => (
              <RevealedPairItem key={pair.id} pair={pair} onVerify={onVerify} />
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
