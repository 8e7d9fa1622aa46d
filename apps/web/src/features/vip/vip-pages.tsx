import { useTranslation } from 'react-i18next';
import { FeaturePage } from '../../components/feature-page.tsx';
import { useSession } from '../../lib/session.ts';

function CurrentLevel() {
  const { t } = useTranslation();
  const { token, user } = useSession();
  if (!token || !user.level_name) return null;
  return (
    <div className="flex items-center justify-between rounded-2xl border border-gold/30 bg-gradient-to-r from-gold/15 to-surface p-4">
      <span className="text-sm text-soft">{t('profile.vip_level')}</span>
      <span className="text-lg font-bold text-gold">{user.level_name}</span>
    </div>
  );
}

/** VIP levels and rewards arrive in a later release; the member's current level is real data. */
export function VipPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.vip')} emptyText={t('empty.no_data')} gated>
      <CurrentLevel />
    </FeaturePage>
  );
}

export function LevelPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage title={t('pages.nivel')} emptyText={t('empty.no_data')} gated>
      <CurrentLevel />
    </FeaturePage>
  );
}
