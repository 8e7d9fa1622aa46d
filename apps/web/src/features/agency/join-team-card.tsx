import { bindByCodeBody } from '@casino/shared/schemas/agency';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button, buttonClass } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { FormField } from '../../components/form-field.tsx';
import { showSubmitError } from '../../lib/form-errors.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { refreshUser } from '../../lib/user.ts';
import { agencyKeys, joinByCode, useOpenBindRequests } from './agency.api.ts';
import { useLoyaltyTranslation } from './agency-ui.tsx';

/** A member enters an invite code in its first week after registering (the server holds the rule too). */
const JOIN_WINDOW_MS = 7 * 24 * 3_600_000;
const JOIN_FIELDS = ['invite_code'] as const;

type JoinInput = z.input<typeof bindByCodeBody>;

/** Whether the member may still join a team: no inviter yet, registered less than a week ago. */
export function useCanJoinTeam(inviterId: number | null): boolean {
  const { user } = useSession();
  const registeredAt = Date.parse(user.created_at);
  return inviterId === null && Number.isFinite(registeredAt) && Date.now() - registeredAt < JOIN_WINDOW_MS;
}

/** An agent's request waiting for my answer: it is answered in the information centre. */
function PendingRequestNote() {
  const { t } = useLoyaltyTranslation();
  const requests = useOpenBindRequests(true);
  if (!requests.data?.list.length) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-gold/40 bg-gold/10 p-3" role="status">
      <p className="text-sm text-white">{t('agency.join.pending')}</p>
      <Link to="/information-center/notification" className={buttonClass('gold', 'sm')} data-testid="answer-bind-request">
        {t('agency.join.answer')}
      </Link>
    </div>
  );
}

/**
 * "Enter an invite code": a member without inviter joins a friend's team by its own action
 * (POST api/agency/bind/code). The only other way in is accepting an agent's request.
 */
export function JoinTeamCard() {
  const { t } = useLoyaltyTranslation();
  const queryClient = useQueryClient();
  const form = useForm<JoinInput, unknown, z.output<typeof bindByCodeBody>>({
    resolver: zodResolver(bindByCodeBody),
    defaultValues: { invite_code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await joinByCode(values);
      toast.success(answer.message);
      await Promise.all([queryClient.invalidateQueries({ queryKey: agencyKeys.all }), refreshUser()]);
    } catch (error) {
      showSubmitError(error, form.setError, JOIN_FIELDS);
    }
  });

  return (
    <Card className="flex flex-col gap-4" data-testid="join-team">
      <div>
        <h2 className="text-[15px] font-bold text-white">{t('agency.join.title')}</h2>
        <p className="text-xs text-muted">{t('agency.join.hint')}</p>
      </div>
      <PendingRequestNote />
      <form onSubmit={submit} noValidate className="flex flex-col gap-3.5 sm:flex-row sm:items-start" aria-label={t('agency.join.title')}>
        <FormField
          className="flex-1"
          label={t('agency.join.code')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={16}
          error={errors.invite_code?.message}
          {...form.register('invite_code')}
        />
        <Button type="submit" size="lg" loading={isSubmitting} className="sm:mt-[26px]">
          {t('agency.join.submit')}
        </Button>
      </form>
    </Card>
  );
}
