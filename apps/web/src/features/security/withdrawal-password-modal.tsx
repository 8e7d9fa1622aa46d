import { useTranslation } from '../../lib/translation.ts';
import { Modal } from '../../components/modal.tsx';
import { closeWithdrawalPassword } from '../../lib/modals.ts';
import { WithdrawalPasswordForm } from './withdrawal-password-form.tsx';

/** The withdrawal password form in a dialog, opened from any page by openWithdrawalPassword(). */
export default function WithdrawalPasswordModal() {
  const { t } = useTranslation();
  return (
    <Modal title={t('security.set_withdrawal_password')} onClose={closeWithdrawalPassword} size="sm">
      <p className="pb-4 text-sm text-soft">{t('security.withdrawal_password_desc')}</p>
      <WithdrawalPasswordForm onDone={closeWithdrawalPassword} />
    </Modal>
  );
}
