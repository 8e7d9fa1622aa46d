import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { inputClass } from '../../components/form-field.tsx';
import { Pager } from '../../components/pager.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { type InviteRecordItem, PAGE_SIZE, useAgencyOverview, useInviteRecord } from './agency.api.ts';
import { CopyButton, FactRow, Failure, Figure, useLoyaltyTranslation, useLevelLabel } from './agency-ui.tsx';

/** My ID, my inviter's ID and my invitation code (spec: invitation record). */
function MyIdentity() {
  const { t } = useLoyaltyTranslation();
  const { user } = useSession();
  const overview = useAgencyOverview(true);
  const code = overview.data?.invite_code ?? user.invite_code;
  const inviter = overview.data ? overview.data.inviter_id : user.agent_id;
  return (
    <Card>
      <dl>
        <FactRow label={t('agency.record.my_id')}>
          <span className="tabular-nums" data-testid="record-my-id">
            {overview.data?.member_id ?? user.id}
          </span>
        </FactRow>
        <FactRow label={t('agency.record.inviter_id')}>
          <span className="tabular-nums" data-testid="record-inviter-id">
            {inviter ?? '—'}
          </span>
        </FactRow>
        <FactRow label={t('agency.record.invitation_code')}>
          <span className="font-mono tracking-wider text-gold">{code || '—'}</span>
          {code ? <CopyButton text={code} label={t('agency.invite.copy_code')} /> : null}
        </FactRow>
      </dl>
    </Card>
  );
}

function RecordRow({ item }: { item: InviteRecordItem }) {
  const { t } = useLoyaltyTranslation();
  const levelLabel = useLevelLabel();
  const direct = item.level <= 1;
  return (
    <li
      className="flex flex-col gap-1.5 rounded-2xl border border-line/70 bg-surface p-3.5"
      data-testid="invite-record"
      data-uid={item.invitee_uid}
    >
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-[15px] font-semibold text-white">
          {t('agency.uid', { uid: item.invitee_uid })} · {item.invitee_account}
        </span>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${direct ? 'bg-gold/15 text-gold' : 'bg-surface-2 text-soft'}`}
        >
          {levelLabel(item.level)}
        </span>
      </div>
      <p className="text-xs text-muted tabular-nums">
        {t('agency.registered_at', { date: formatDateTime(item.registered_at) })}
        {item.inviter_id !== null && !direct ? ` · ${t('agency.record.invited_by', { id: item.inviter_id })}` : ''}
      </p>
      <div className="flex items-end justify-between gap-2">
        <p className="text-xs text-muted">
          {item.first_recharge_at
            ? t('agency.record.first_recharge', { date: formatDateTime(item.first_recharge_at) })
            : t('agency.record.no_recharge')}
        </p>
        <div className="shrink-0 text-right">
          <p className="text-[11px] text-muted">{direct ? t('agency.direct_reward') : t('agency.indirect_reward')}</p>
          <p className="font-bold text-money tabular-nums" data-testid="record-reward">
            {formatMoney(direct ? item.direct_reward : item.indirect_reward)}
          </p>
        </div>
      </div>
    </li>
  );
}

/** Looks one invitee up by UID; an empty field lists everyone again. */
function UidSearch({ onSearch }: { onSearch: (uid: number | null) => void }) {
  const { t } = useLoyaltyTranslation();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = text.replace(/\D/g, '').slice(0, 16);
    onSearch(digits ? Number(digits) : null);
  };
  return (
    <form onSubmit={submit} className="flex gap-2">
      <label className="sr-only" htmlFor="invitee-uid">
        {t('agency.record.invitee_uid')}
      </label>
      <input
        id="invitee-uid"
        inputMode="numeric"
        autoComplete="off"
        maxLength={16}
        placeholder={t('agency.record.search_uid')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={`${inputClass} h-11 border-line`}
      />
      <Button type="submit" variant="ghost">
        {t('common.search')}
      </Button>
    </form>
  );
}

/** /agency-center/invitation-record: who I invited (and they invited), with the rewards each one earned me. */
export function InviteRecordPanel() {
  const { t } = useLoyaltyTranslation();
  const [uid, setUid] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const records = useInviteRecord(uid, page, true);

  let body: ReactNode;
  if (records.isPending) body = <Skeleton className="h-40" />;
  else if (records.isError) body = <Failure error={errorMessage(records.error)} />;
  else if (records.data.list.length === 0) body = <EmptyState text={t('empty.no_records')} />;
  else
    body = (
      <>
        <ul className="grid grid-cols-1 gap-2.5 md:grid-cols-2">
          {records.data.list.map((item) => (
            <RecordRow key={`${item.invitee_uid}-${item.level}`} item={item} />
          ))}
        </ul>
        <Pager page={page} total={records.data.total} pageSize={PAGE_SIZE} onPage={setPage} />
      </>
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <MyIdentity />
        <Card className="flex flex-col gap-3">
          <dl className="grid grid-cols-2 gap-2">
            <Figure
              label={t('agency.direct_reward')}
              value={records.data ? formatMoney(records.data.total_direct_reward) : '…'}
              tone="text-money"
              testId="total-direct-reward"
            />
            <Figure
              label={t('agency.indirect_reward')}
              value={records.data ? formatMoney(records.data.total_indirect_reward) : '…'}
              tone="text-money"
              testId="total-indirect-reward"
            />
          </dl>
          <UidSearch
            onSearch={(value) => {
              setUid(value);
              setPage(1);
            }}
          />
        </Card>
      </div>
      {body}
    </div>
  );
}
