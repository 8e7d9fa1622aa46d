import { useTranslation } from '../lib/translation.ts';
import { Link } from 'react-router';
import { hideCareRefusal } from '../lib/dialogs.ts';
import { Button } from './button.tsx';
import { AlertIcon } from './icons.tsx';
import { Modal } from './modal.tsx';

/** A responsible-gaming refusal kept on screen, with the way to the centre where it is explained. */
export function CareRefusal({ message, onNavigate }: { message: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-3 rounded-xl border border-danger/40 bg-danger/10 p-3" role="alert" data-testid="care-refusal">
      <AlertIcon size={20} className="mt-0.5 shrink-0 text-danger" />
      <div className="flex min-w-0 flex-col gap-1 text-[13px] leading-relaxed">
        <p className="font-semibold text-white">{message}</p>
        <Link to="/jogo-responsavel" onClick={onNavigate} className="self-start font-semibold text-gold underline-offset-2 hover:underline">
          {t('care_refusal.more')}
        </Link>
      </div>
    </div>
  );
}

/** A bet refused by the responsible-gaming rules (lazy: the app shell opens it from lib/dialogs.ts). */
export default function CareRefusalDialog({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('care_refusal.title')} onClose={hideCareRefusal} size="sm">
      <div className="flex flex-col gap-4 pb-1">
        <CareRefusal message={message} onNavigate={hideCareRefusal} />
        <Button onClick={hideCareRefusal}>{t('common.ok')}</Button>
      </div>
    </Modal>
  );
}
