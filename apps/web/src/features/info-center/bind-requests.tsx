import { API } from '@casino/shared/player-api-paths';
import type { BindRequestItem, bindRequestsResponse } from '@casino/shared/schemas/agency';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useTranslation } from '../../lib/translation.ts';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { apiGet, apiPost, errorMessage, isSessionError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { refreshUser } from '../../lib/user.ts';

/**
 * An agent's request that the member join its team, with accept and decline (issue 10 item 8): the
 * member is linked into a team only by accepting here (or by entering an invite code itself).
 */

type BindRequests = z.infer<typeof bindRequestsResponse>;
type Decision = 'accept' | 'decline';

const requestsKey = ['info', 'bind-requests'] as const;

function useBindRequests(memberId: number) {
  return useQuery({
    queryKey: [...requestsKey, memberId],
    staleTime: 0,
    queryFn: async ({ signal }) => (await apiGet<BindRequests>(API.agency.bindRequests, {}, signal)).data,
  });
}

function useAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: number; decision: Decision }) =>
      apiPost<unknown>(decision === 'accept' ? API.agency.bindAccept : API.agency.bindDecline, { id }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => isSessionError(error) || toast.error(errorMessage(error)),
    // Answered or not (a lapsed request fails), the list is re-read; an acceptance changes the
    // member's inviter and team, so user info and the agency centre's figures are read again too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestsKey }),
        queryClient.invalidateQueries({ queryKey: ['agency'] }),
        refreshUser(),
      ]),
  });
}

function BindRequestCard({ request }: { request: BindRequestItem }) {
  const { t } = useTranslation();
  const answer = useAnswer();
  const busy = (decision: Decision) => answer.isPending && answer.variables?.decision === decision;
  const decide = (decision: Decision) => answer.mutate({ id: request.id, decision });
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-gold/40 bg-gold/5 p-4" data-testid="bind-request">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gold/15 text-gold" aria-hidden="true">
          <UsersRound size={20} />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-[15px] font-bold text-white">{t('info.bind.title')}</h2>
          <p className="text-sm break-words text-soft">
            {t('info.bind.text', { agent: request.agent_account, uid: request.agent_uid, code: request.invite_code })}
          </p>
          <p className="text-xs text-muted">{t('info.bind.expires', { date: formatDateTime(request.expires_at) })}</p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="ghost" loading={busy('decline')} disabled={answer.isPending} onClick={() => decide('decline')}>
          {t('info.bind.decline')}
        </Button>
        <Button loading={busy('accept')} disabled={answer.isPending} onClick={() => decide('accept')}>
          {t('info.bind.accept')}
        </Button>
      </div>
    </li>
  );
}

/** The member's open requests (at most one), above its notifications; nothing when there is none. */
export function BindRequests({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const requests = useBindRequests(memberId);
  const list = requests.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-label={t('info.bind.title')}>
      <ul className="flex flex-col gap-2.5">
        {list.map((request) => (
          <BindRequestCard key={request.id} request={request} />
        ))}
      </ul>
    </section>
  );
}
