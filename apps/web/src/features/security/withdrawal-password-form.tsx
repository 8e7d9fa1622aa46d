import { setWithdrawalPasswordBody } from '@casino/shared/schemas/security';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { showSubmitError } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { refreshUser } from '../../lib/user.ts';
import { SECURITY_STATUS_KEY, setWithdrawalPassword } from './security.api.ts';

type Input = z.input<typeof setWithdrawalPasswordBody>;
type Output = z.output<typeof setWithdrawalPasswordBody>;
const FIELDS = ['password', 'qk_pwd', 'qk_pwd_confirmation'] as const;

/** Sets or changes the 6-digit withdrawal password; the login password proves who asks. */
export function WithdrawalPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(setWithdrawalPasswordBody),
    defaultValues: { password: '', qk_pwd: '', qk_pwd_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await setWithdrawalPassword(values);
      toast.success(answer.message || t('security.qk_saved'));
      form.reset();
      await Promise.all([queryClient.invalidateQueries({ queryKey: SECURITY_STATUS_KEY }), refreshUser()]);
      onDone();
    } catch (error) {
      showSubmitError(error, form.setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3.5" aria-label={t('security.withdrawal_password')}>
      <FormField
        label={t('security.login_password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        label={t('security.qk_pwd')}
        placeholder={t('auth.qk_pwd_placeholder')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        error={errors.qk_pwd?.message}
        {...form.register('qk_pwd')}
      />
      <FormField
        label={t('security.qk_pwd_confirmation')}
        placeholder={t('auth.qk_pwd_placeholder')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        error={errors.qk_pwd_confirmation?.message}
        {...form.register('qk_pwd_confirmation')}
      />
      <Button type="submit" block loading={isSubmitting}>
        {t('security.submit_qk')}
      </Button>
    </form>
  );
}
