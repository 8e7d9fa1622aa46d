import { useEffect, useState } from 'react';
import { loadCommunityNamespace } from '../lib/i18n.ts';
import { useTranslation } from '../lib/translation.ts';

/**
 * The registration agree box's links to the versions in force of the terms and the privacy
 * policy (the /terms page, in a new tab so the form keeps what was typed). Its texts are in the
 * community namespace, loaded on first show.
 */
export function TermsLinks() {
  const { t } = useTranslation('community', { keyPrefix: 'terms' });
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadCommunityNamespace()
      .then(() => live && setReady(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return null;
  return (
    <p className="pl-7 text-[12px] text-muted" data-testid="terms-links">
      <a href="/terms?kind=terms" target="_blank" rel="noopener" className="text-gold underline">
        {t('kinds.terms')}
      </a>
      {' · '}
      <a href="/terms?kind=privacy" target="_blank" rel="noopener" className="text-gold underline">
        {t('kinds.privacy')}
      </a>
    </p>
  );
}
