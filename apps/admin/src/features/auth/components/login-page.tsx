import { operatorLoginBody, operatorSecondFactorBody } from '@casino/shared/schemas/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/confirm-dialog';
import { AlertIcon, LockIcon, LogoMark, ShieldIcon } from '../../../components/icons';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { isApiError, readToken } from '../../../lib/api-client';
import { useLogin, useSecondFactorLogin } from '../../../lib/auth';

type LoginForm = { username: string; password: string };
type CodeForm = { code: string };

/** Only same-app paths are followed after login, never another origin. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

// Client-side messages are catalogue keys ("validation.required"); server ones arrive translated.
function useFieldMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) =>
    message?.startsWith('validation.') ? t(message, { defaultValue: t('validation.invalid') }) : message;
}

/**
 * The operator's login: the password, then, for an operator with TOTP, a code from the
 * authenticator app (or a recovery code) against the challenge the first step answered.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const secondFactor = useSecondFactorLogin();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const next = safeNext(params.get('next'));

  const signedIn = login.isSuccess || secondFactor.isSuccess;
  if (readToken() && !login.isPending && !secondFactor.isPending && !signedIn) return <Navigate to={next} replace />;

  const enter = () => void navigate(next, { replace: true });

  return (
    <LoginFrame>
      {challenge ? (
        <CodeStep
          challenge={challenge}
          mutation={secondFactor}
          onSuccess={enter}
          onRestart={(message) => {
            setChallenge(null);
            setNotice(message);
          }}
        />
      ) : (
        <PasswordStep
          mutation={login}
          notice={notice}
          onSuccess={enter}
          onChallenge={(token) => {
            setNotice(null);
            setChallenge(token);
          }}
        />
      )}
      <p className="mt-6 flex items-center justify-center gap-1.5 text-center text-xs text-slate-500">
        <LockIcon width={13} height={13} />
        {t('login.restricted')}
      </p>
    </LoginFrame>
  );
}

function LoginFrame({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-navy-950 bg-[radial-gradient(ellipse_at_top,rgba(245,196,81,0.07),transparent_50%),radial-gradient(ellipse_at_bottom_left,rgba(38,58,94,0.6),transparent_60%),radial-gradient(ellipse_at_center,rgba(19,33,59,0.8),transparent_70%)]">
      <div className="flex justify-end p-4">
        <LanguageSwitcher className="w-44" />
      </div>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-[380px]">{children}</div>
      </main>
    </div>
  );
}

function StepHeader({ icon, title, subtitle }: { icon: ReactNode; title: string; subtitle: string }) {
  return (
    <div className="mb-7 flex flex-col items-center text-center">
      {icon}
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-white">{title}</h1>
      <p className="mt-1.5 text-sm text-slate-400">{subtitle}</p>
    </div>
  );
}

function FormAlert({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-rose-500/30 bg-rose-500/10 px-3 py-2.5 text-sm text-rose-200"
    >
      <AlertIcon className="mt-0.5 shrink-0 text-rose-400" width={16} height={16} />
      {message}
    </div>
  );
}

function PasswordStep({
  mutation,
  notice,
  onSuccess,
  onChallenge,
}: {
  mutation: ReturnType<typeof useLogin>;
  notice: string | null;
  onSuccess: () => void;
  onChallenge: (challenge: string) => void;
}) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const usernameId = useId();
  const passwordId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(operatorLoginBody.pick({ username: true, password: true })),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    mutation.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (!isApiError(error)) return;
        // The password was right: the second factor comes next.
        if (error.errorCode === 'TOTP_REQUIRED' && error.answer?.challenge) {
          onChallenge(error.answer.challenge);
          return;
        }
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if ((field === 'username' || field === 'password') && messages[0]) setError(field, { message: messages[0] });
        }
        setFormError(error.message);
      },
    });
  });

  const shown = formError ?? notice;
  return (
    <>
      <StepHeader icon={<LogoMark width={48} height={48} />} title={t('login.title')} subtitle={t('login.subtitle')} />
      <form onSubmit={onSubmit} noValidate className="card space-y-4 p-6" aria-describedby={shown ? errorId : undefined}>
        <FormAlert id={errorId} message={shown} />
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
        <button type="submit" className="btn-primary h-10 w-full" disabled={mutation.isPending}>
          {mutation.isPending && <Spinner />}
          {t('login.submit')}
        </button>
      </form>
    </>
  );
}

function CodeStep({
  challenge,
  mutation,
  onSuccess,
  onRestart,
}: {
  challenge: string;
  mutation: ReturnType<typeof useSecondFactorLogin>;
  onSuccess: () => void;
  /** Back to the password, with a message when the challenge is over. */
  onRestart: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const [recovery, setRecovery] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const codeId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<CodeForm>({
    resolver: zodResolver(operatorSecondFactorBody.pick({ code: true })),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(({ code }) => {
    setFormError(null);
    mutation.mutate(
      { challenge, code },
      {
        onSuccess,
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.errorCode === 'TOTP_CHALLENGE_EXPIRED') {
            onRestart(error.message);
            return;
          }
          const message = error.fieldErrors.code?.[0];
          if (message) setError('code', { message }, { shouldFocus: true });
          else setFormError(error.message);
        },
      },
    );
  });

  function switchKind() {
    setRecovery((value) => !value);
    reset({ code: '' });
    setFormError(null);
    setTimeout(() => setFocus('code'), 0);
  }

  return (
    <>
      <StepHeader
        icon={
          <span className="flex size-12 items-center justify-center rounded-full bg-gold-400/10 text-gold-300 ring-1 ring-gold-400/30">
            <ShieldIcon width={24} height={24} />
          </span>
        }
        title={t('login.code_title')}
        subtitle={recovery ? t('login.recovery_subtitle') : t('login.code_subtitle')}
      />
      <form onSubmit={onSubmit} noValidate className="card space-y-4 p-6" aria-describedby={formError ? errorId : undefined}>
        <FormAlert id={errorId} message={formError} />
        <div>
          <label htmlFor={codeId} className="field-label">
            {recovery ? t('login.recovery_code') : t('login.code')}
          </label>
          <input
            id={codeId}
            key={recovery ? 'recovery' : 'app'}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            maxLength={recovery ? 11 : 7}
            placeholder={recovery ? 'xxxxx-xxxxx' : '000000'}
            className={`input h-11 text-center font-mono text-lg placeholder:text-slate-600 ${recovery ? 'tracking-wider' : 'tracking-[0.3em]'}`}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? `${codeId}-error` : undefined}
            data-testid="login-code"
            {...register('code')}
          />
          {errors.code && (
            <p id={`${codeId}-error`} className="mt-1 text-xs text-rose-300">
              {fieldMessage(errors.code.message)}
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary h-10 w-full" disabled={mutation.isPending}>
          {mutation.isPending && <Spinner />}
          {t('login.verify')}
        </button>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <button type="button" className="text-gold-300 hover:text-gold-200 hover:underline" onClick={switchKind}>
            {recovery ? t('login.use_app') : t('login.use_recovery')}
          </button>
          <button type="button" className="text-slate-400 hover:text-white hover:underline" onClick={() => onRestart(null)}>
            {t('login.back')}
          </button>
        </div>
      </form>
    </>
  );
}
