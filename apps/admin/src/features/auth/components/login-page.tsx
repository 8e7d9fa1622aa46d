import { operatorLoginBody } from '@casino/shared/schemas/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/confirm-dialog';
import { AlertIcon, LockIcon, LogoMark } from '../../../components/icons';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { isApiError, readToken } from '../../../lib/api-client';
import { useLogin } from '../../../lib/auth';

type LoginForm = { username: string; password: string };

/** Only same-app paths are followed after login, never another origin. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const usernameId = useId();
  const passwordId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(operatorLoginBody.pick({ username: true, password: true })),
    defaultValues: { username: '', password: '' },
  });

  if (readToken() && !login.isPending && !login.isSuccess) return <Navigate to={safeNext(params.get('next'))} replace />;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: () => void navigate(safeNext(params.get('next')), { replace: true }),
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if ((field === 'username' || field === 'password') && messages[0]) {
            setError(field, { message: messages[0] });
          }
        }
        setFormError(error.message);
      },
    });
  });

  // Client-side messages are catalogue keys ("validation.required"); server ones arrive translated.
  const fieldMessage = (message: string | undefined) =>
    message?.startsWith('validation.') ? t(message, { defaultValue: t('validation.invalid') }) : message;

  return (
    <div className="relative flex min-h-dvh flex-col bg-navy-950 bg-[radial-gradient(ellipse_at_top,rgba(245,196,81,0.07),transparent_50%),radial-gradient(ellipse_at_bottom_left,rgba(38,58,94,0.6),transparent_60%),radial-gradient(ellipse_at_center,rgba(19,33,59,0.8),transparent_70%)]">
      <div className="flex justify-end p-4">
        <LanguageSwitcher className="w-44" />
      </div>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-[380px]">
          <div className="mb-7 flex flex-col items-center text-center">
            <LogoMark width={48} height={48} />
            <h1 className="mt-4 text-2xl font-semibold tracking-tight text-white">{t('login.title')}</h1>
            <p className="mt-1.5 text-sm text-slate-400">{t('login.subtitle')}</p>
          </div>
          <form onSubmit={onSubmit} noValidate className="card space-y-4 p-6" aria-describedby={formError ? 'login-error' : undefined}>
            {formError && (
              <div
                id="login-error"
                role="alert"
                className="flex items-start gap-2 rounded-lg border border-rose-500/30 bg-rose-500/10 px-3 py-2.5 text-sm text-rose-200"
              >
                <AlertIcon className="mt-0.5 shrink-0 text-rose-400" width={16} height={16} />
                {formError}
              </div>
            )}
            <div>
              <label htmlFor={usernameId} className="field-label">
                {t('login.username')}
              </label>
              <input
                id={usernameId}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                autoFocus
                className="input h-10"
                aria-invalid={errors.username ? true : undefined}
                {...register('username')}
              />
              {errors.username && <p className="mt-1 text-xs text-rose-300">{fieldMessage(errors.username.message)}</p>}
            </div>
            <div>
              <label htmlFor={passwordId} className="field-label">
                {t('login.password')}
              </label>
              <input
                id={passwordId}
                type="password"
                autoComplete="current-password"
                className="input h-10"
                aria-invalid={errors.password ? true : undefined}
                {...register('password')}
              />
              {errors.password && <p className="mt-1 text-xs text-rose-300">{fieldMessage(errors.password.message)}</p>}
            </div>
            <button type="submit" className="btn-primary h-10 w-full" disabled={login.isPending}>
              {login.isPending && <Spinner />}
              {t('login.submit')}
            </button>
          </form>
          <p className="mt-6 flex items-center justify-center gap-1.5 text-center text-xs text-slate-500">
            <LockIcon width={13} height={13} />
            {t('login.restricted')}
          </p>
        </div>
      </main>
    </div>
  );
}
