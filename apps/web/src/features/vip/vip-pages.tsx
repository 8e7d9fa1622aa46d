import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { loadLoyaltyNamespace } from '../../lib/i18n.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { HowToLevelUp, LevelLadder } from './level-ladder.tsx';
import { useVipInfo, type VipInfo } from './vip.api.ts';
import { VipHistoryList } from './vip-history.tsx';
import { CategoryLevels, LevelBenefits, LevelTable, useLoyaltyTranslation, VipHero } from './vip-ui.tsx';

// The pages' texts live in the lazy `loyalty` catalogue: this module waits for it before rendering.
await loadLoyaltyNamespace();

function VipSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Skeleton className="h-[340px]" />
      <Skeleton className="h-[340px]" />
    </div>
  );
}

/** Loads VIP info for a member and hands it to the page body; a visitor gets the rules and a login prompt. */
function WithVipInfo({ children }: { children: (info: VipInfo) => ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const info = useVipInfo(loggedIn);
  if (!loggedIn) {
    return (
      <div className="flex flex-col gap-4">
        <HowToLevelUp />
        <LoginRequired />
      </div>
    );
  }
  if (info.isPending) return <VipSkeleton />;
  if (info.isError) return <LoadError error={info.error} onRetry={() => void info.refetch()} />;
  return children(info.data);
}

/** /vip: the member's level, progress to the next one, every level's benefits and the level history. */
export function VipPage() {
  const { t } = useLoyaltyTranslation();
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col">
      <PageHeader
        title={t('pages.vip')}
        action={
          <Link to="/nivel" className={buttonClass('outline', 'sm')}>
            {t('vip.how_to_level_up')}
          </Link>
        }
      />
      <WithVipInfo>
        {(info) => (
          <div className="flex flex-col gap-4">
            <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
              <div className="flex flex-col gap-4">
                <VipHero info={info} />
                <CategoryLevels info={info} />
              </div>
              <LevelBenefits info={info} />
            </div>
            <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
              <LevelTable info={info} />
              <VipHistoryList />
            </div>
          </div>
        )}
      </WithVipInfo>
    </section>
  );
}

/** /nivel: the ladder of levels, focused on how to reach the next one. */
export function LevelPage() {
  const { t } = useLoyaltyTranslation();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col">
      <PageHeader title={t('pages.nivel')} />
      <WithVipInfo>
        {(info) => (
          <div className="flex flex-col gap-4">
            <HowToLevelUp />
            <LevelLadder info={info} />
            <div className="grid grid-cols-2 gap-2">
              <Link to="/recharge" className={buttonClass('gold', 'md')}>
                {t('vip.cta_recharge')}
              </Link>
              <Link to="/vip" className={buttonClass('ghost', 'md')}>
                {t('vip.cta_vip')}
              </Link>
            </div>
          </div>
        )}
      </WithVipInfo>
    </section>
  );
}
