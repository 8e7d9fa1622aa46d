import { useTranslation } from '../../lib/translation.ts';
import { Modal } from '../../components/modal.tsx';
import { closeAuthModals, openLogin, openRegister } from '../../lib/modals.ts';
import { type AuthMode, AuthTabs } from './auth-tabs.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/** The login and register modals (their open flags live in lib/modals). */
export default function AuthModal({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation();
  const switchTo = (next: AuthMode) => (next === 'login' ? openLogin() : openRegister());
  return (
    <Modal title={mode === 'login' ? t('auth.login_title') : t('auth.register_title')} onClose={closeAuthModals}>
      <AuthTabs mode={mode} onChange={switchTo} />
      {mode === 'login' ? (
        <LoginForm onSuccess={closeAuthModals} onSwitch={openRegister} />
      ) : (
        <RegisterForm onSuccess={closeAuthModals} onSwitch={openLogin} />
      )}
    </Modal>
  );
}
