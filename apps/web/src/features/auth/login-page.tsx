import { useTranslation } from '../../lib/translation.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../components/card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { type AuthMode, AuthTabs } from './auth-tabs.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/** /login, and /login?mode=register for the registration form. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mode: AuthMode = params.get('mode') === 'register' ? 'register' : 'login';
  const setMode = (next: AuthMode) => {
    const copy = new URLSearchParams(params);
    if (next === 'register') copy.set('mode', 'register');
    else copy.delete('mode');
    setParams(copy, { replace: true });
  };
  const done = () => navigate('/', { replace: true });
  return (
    <section className="mx-auto w-full max-w-md">
      <PageHeader title={mode === 'login' ? t('auth.login_title') : t('auth.register_title')} />
      <Card className="p-5">
        <AuthTabs mode={mode} onChange={setMode} />
        {mode === 'login' ? (
          <LoginForm onSuccess={done} onSwitch={() => setMode('register')} />
        ) : (
          <RegisterForm onSuccess={done} onSwitch={() => setMode('login')} />
        )}
      </Card>
    </section>
  );
}
