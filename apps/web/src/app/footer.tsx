import { useTranslation } from '../lib/translation.ts';
import { Link } from 'react-router';
import { CENTRAL_EXCLUSION_URL } from '@casino/shared/constants';
import { LanguageSwitcher } from '../features/language/language-switcher.tsx';
import { useSiteInfo } from '../lib/site.ts';

/**
 * Responsible-gaming statements (18+, entertainment, licensed operator, 24/7 support), the
 * licence number from the configuration, and the ways to the responsible-gaming centre and the
 * federal self-exclusion platform (Portaria SPA/MF 1.231/2024).
 */
export function Footer() {
  const { t } = useTranslation();
  const licence = useSiteInfo().data?.licence_number ?? null;
  return (
    <footer className="border-t border-white/5 bg-night/80 pb-[calc(var(--tab-bar-reach)+0.5rem)] lg:pb-0">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8 md:px-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <img src="/logo.svg" alt="Aurora Bet" className="h-7 w-auto max-w-[140px] opacity-90" />
          <LanguageSwitcher variant="full" />
        </div>
        <div className="flex items-start gap-3">
          <span
            className="flex size-11 shrink-0 items-center justify-center rounded-full border-2 border-danger text-sm font-extrabold text-danger"
            aria-hidden="true"
          >
            18+
          </span>
          <div className="flex flex-col gap-1.5 text-[13px] leading-relaxed text-muted">
            <p className="font-semibold text-soft">{t('footer.adults_only')}</p>
            <p>{t('footer.entertainment')}</p>
            <p>{t('footer.licensed')}</p>
            <p>{t('footer.support_24_7')}</p>
            {licence ? (
              <p className="text-soft" data-testid="footer-licence">
                {t('footer.licence', { number: licence })}
              </p>
            ) : null}
          </div>
        </div>
        <nav aria-label={t('footer.links')} className="flex flex-wrap gap-x-5 gap-y-2 text-[13px] text-soft">
          <Link to="/jogo-responsavel" className="font-semibold text-gold hover:underline">
            {t('footer.responsible_gaming')}
          </Link>
          <a href={CENTRAL_EXCLUSION_URL} target="_blank" rel="noopener noreferrer" className="hover:text-gold">
            {t('footer.central_exclusion')}
          </a>
          <Link to="/information-center/support" className="hover:text-gold">
            {t('footer.support')}
          </Link>
          <Link to="/information-center/announcement" className="hover:text-gold">
            {t('pages.announcement')}
          </Link>
          <Link to="/fairness" className="hover:text-gold">
            {t('pages.fairness')}
          </Link>
          <Link to="/vip" className="hover:text-gold">
            {t('pages.vip')}
          </Link>
          <Link to="/download" className="hover:text-gold">
            {t('footer.download')}
          </Link>
        </nav>
        <p className="text-xs text-muted/80">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
