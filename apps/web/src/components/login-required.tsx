import { useTranslation } from '../lib/translation.ts';
import { openLogin, openRegister } from '../lib/modals.ts';
import { Button } from './button.tsx';
import { LockIcon } from './icons.tsx';

/** What a gated page shows a visitor: the spec's text and a way to log in (no route guards). */
export function LoginRequired() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface px-6 py-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-gold/10 text-gold">
        <LockIcon size={28} />
      </span>
      <p className="max-w-xs text-[15px] text-soft">{t('session.not_logged_in')}</p>
      <div className="flex w-full max-w-xs flex-col gap-2">
        <Button block onClick={openLogin}>
          {t('header.login')}
        </Button>
        <Button block variant="ghost" onClick={openRegister}>
          {t('header.register')}
        </Button>
      </div>
    </div>
  );
}
