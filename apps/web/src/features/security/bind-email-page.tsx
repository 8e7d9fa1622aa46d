import { bindEmailBody, sendEmailCodeBody } from '@casino/shared/schemas/security';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { FormField } from '../../components/form-field.tsx';
import { showSubmitError } from '../../lib/form-errors.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { refreshUser } from '../../lib/user.ts';
import { bindEmail, SECURITY_STATUS_KEY, sendEmailCode, useSecurityStatus } from './security.api.ts';
import { SecurityPage } from './security-page.tsx';

/** Seconds before another code can be asked for. */
const RESEND_SECONDS = 60;
type Values = { email: string; code: string };

function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return { left, start: () => setLeft(RESEND_SECONDS) };
}

function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

function BindEmailForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const status = useSecurityStatus(loggedIn);
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useForm<Values>({ defaultValues: { email: '', code: '' } });
  const { errors, isSubmitting } = form.formState;

  const send = async () => {
    form.clearErrors();
    const parsed = sendEmailCodeBody.safeParse({ email: form.getValues('email') });
    if (!parsed.success) {
      form.setError('email', { message: firstIssue(parsed, 'email') ?? 'validation.email_invalid' }, { shouldFocus: true });
      return;
    }
    setSending(true);
    try {
      const answer = await sendEmailCode(parsed.data);
      toast.success(answer.message || t('security.code_sent'));
      setSent(true);
      countdown.start();
    } catch (error) {
      showSubmitError(error, form.setError, ['email']);
    } finally {
      setSending(false);
    }
  };

  const submit = form.handleSubmit(async (values) => {
    const parsed = bindEmailBody.safeParse(values);
    if (!parsed.success) {
      for (const field of ['email', 'code'] as const) {
        const message = firstIssue(parsed, field);
        if (message) form.setError(field, { message });
      }
      return;
    }
    try {
      const answer = await bindEmail(parsed.data);
      toast.success(answer.message || t('security.email_bound'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: SECURITY_STATUS_KEY }), refreshUser()]);
      navigate('/security-center', { replace: true });
    } catch (error) {
      showSubmitError(error, form.setError, ['email', 'code']);
    }
  });

  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('pages.bind_email')}>
        {status.data?.email ? (
          <p className="rounded-xl bg-surface-2 px-3 py-2.5 text-sm text-soft">
            {t('security.current_email', { email: status.data.email })}
          </p>
        ) : null}
        <FormField
          label={t('security.email_address')}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          addon={
            <Button variant="outline" className="h-12" onClick={() => void send()} loading={sending} disabled={countdown.left > 0}>
              {countdown.left > 0 ? t('security.resend_in', { seconds: countdown.left }) : t('security.send_code')}
            </Button>
          }
          {...form.register('email')}
        />
        <FormField
          label={t('security.code')}
          placeholder={t('security.code_placeholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          hint={sent ? t('security.code_hint') : undefined}
          {...form.register('code')}
        />
        <Button type="submit" size="lg" block loading={isSubmitting}>
          {t('security.submit_bind')}
        </Button>
      </form>
    </Card>
  );
}

/** /security-center/bind-email: send a 6-digit code, then bind with it. */
export function BindEmailPage() {
  const { t } = useTranslation();
  return (
    <SecurityPage title={t('pages.bind_email')}>
      <BindEmailForm />
    </SecurityPage>
  );
}
