import { API } from '@casino/shared/player-api-paths';
import type { UserInfo } from '@casino/shared/schemas/auth';
import { type CompleteRegulatedProfileBody, completeRegulatedProfileBody } from '@casino/shared/schemas/regulated-profile';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { apiPost } from '../../lib/api.ts';
import { showSubmitError } from '../../lib/form-errors.ts';
import { setUser, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { REGULATED_FIELDS, RegulatedFields, withLossLimitInReais } from './regulated-fields.tsx';

type Output = z.output<typeof completeRegulatedProfileBody>;
const FIELDS = ['realname', ...REGULATED_FIELDS] as const;

/**
 * A member of a site that became regulated completes its data after login (issue 12 item 6):
 * POST /api/profile/regulated. Until then deposits and bets are refused; "Later" closes the
 * dialog for this visit only.
 */
export default function RegulatedProfileDialog() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [dismissed, setDismissed] = useState(false);
  const form = useForm<CompleteRegulatedProfileBody, unknown, Output>({
    resolver: withLossLimitInReais(zodResolver(completeRegulatedProfileBody)),
    defaultValues: { realname: user.realname, email: user.email ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await apiPost<UserInfo>(API.regulatedProfile, values);
      setUser(answer.data);
      toast.success(t('auth.profile_completed'));
    } catch (error) {
      showSubmitError(error, form.setError, FIELDS);
    }
  });

  if (dismissed || !user.profile_incomplete) return null;
  return (
    <Modal title={t('auth.complete_title')} onClose={() => setDismissed(true)}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3.5 pb-2" aria-label={t('auth.complete_title')}>
        <p className="text-[14px] leading-snug text-soft">{t('auth.complete_intro')}</p>
        <FormField label={t('auth.realname')} autoComplete="name" error={errors.realname?.message} {...form.register('realname')} />
        <RegulatedFields register={form.register} errors={errors} />
        <div className="grid grid-cols-2 gap-3">
          <Button type="button" variant="ghost" onClick={() => setDismissed(true)}>
            {t('auth.complete_later')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('auth.complete_submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
