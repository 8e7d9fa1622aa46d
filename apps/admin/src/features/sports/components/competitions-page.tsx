import { MAX_MARGIN_BP, type AdminCompetition } from '@casino/shared/schemas/sports-admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList, type Column, DataTable } from '../../../components/data-table';
import { EditButton } from '../../../components/edit-button';
import { Badge, PageHeader } from '../../../components/feedback';
import { FormDialog } from '../../../components/form-dialog';
import { CheckField, CheckGroup, Field, invalidProps } from '../../../components/form-field';
import { QuerySection } from '../../../components/query-section';
import { Switch } from '../../../components/switch';
import { toast, toastOutcome } from '../../../components/toaster';
import { usePermission } from '../../../lib/auth';
import { basisPointsToPercent, formatBasisPoints, formatMoney, formatNumber, percentToBasisPoints } from '../../../lib/format';
import { formError, hasServerFieldErrors, serverFieldErrors } from '../../../lib/use-field-errors';
import { useLanguage } from '../../../lib/use-language';
import { useSportsCompetitions, useUpdateCompetition } from '../api/sports-admin';
import { useDisplayLine } from './sports-ui';

/**
 * Back office: the book's competitions. Hiding one takes it off the player site; its own margin
 * (or the book's default) prices its markets, and a change reprices its scheduled fixtures at once.
 */
export function CompetitionsPage() {
  const { t } = useTranslation();
  const competitions = useSportsCompetitions();
  const [editing, setEditing] = useState<AdminCompetition | null>(null);
  return (
    <>
      <PageHeader
        title={t('sports.competitions.title')}
        subtitle={t('sports.competitions.subtitle')}
        actions={
          <Link to="/sports/settings" className="btn-secondary">
            {t('sports.competitions.default_margin_link')}
          </Link>
        }
      />
      <QuerySection query={competitions} skeleton={{ columns: 7, rows: 6 }} empty={{ title: t('sports.competitions.empty') }}>
        {(list) => (
          <>
            <CompetitionsTable competitions={list} onEdit={setEditing} />
            <CompetitionsCards competitions={list} onEdit={setEditing} />
          </>
        )}
      </QuerySection>
      {editing && <MarginDialog competition={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

type OnEdit = (competition: AdminCompetition) => void;

function EnabledSwitch({ competition }: { competition: AdminCompetition }) {
  const { t } = useTranslation();
  const canTrade = usePermission('sports.trade');
  const update = useUpdateCompetition();
  if (!canTrade) {
    return competition.enabled ? (
      <Badge tone="green">{t('sports.competitions.shown')}</Badge>
    ) : (
      <Badge tone="slate">{t('sports.competitions.hidden')}</Badge>
    );
  }
  return (
    <Switch
      checked={competition.enabled}
      label={
        competition.enabled
          ? t('sports.competitions.hide_named', { name: competition.name })
          : t('sports.competitions.show_named', { name: competition.name })
      }
      pending={update.isPending}
      onChange={(enabled) =>
        update.mutate(
          { id: competition.id, update: { enabled } },
          toastOutcome(enabled ? t('sports.competitions.shown') : t('sports.competitions.hidden')),
        )
      }
    />
  );
}

function Margin({ competition }: { competition: AdminCompetition }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (competition.margin_bp !== null)
    return <span className="tabular-nums text-white">{formatBasisPoints(competition.margin_bp, language)}</span>;
  return (
    <span className="text-slate-400 tabular-nums">
      {t('sports.competitions.default_margin', { margin: formatBasisPoints(competition.effective_margin_bp, language) })}
    </span>
  );
}

function EditMarginButton({ competition, onEdit, wide = false }: { competition: AdminCompetition; onEdit: OnEdit; wide?: boolean }) {
  const { t } = useTranslation();
  const canTrade = usePermission('sports.trade');
  if (!canTrade) return null;
  return (
    <EditButton
      label={t('sports.competitions.edit_margin')}
      name={t('sports.competitions.edit_named', { name: competition.name })}
      onClick={() => onEdit(competition)}
      wide={wide}
    />
  );
}

function CompetitionsTable({ competitions, onEdit }: { competitions: AdminCompetition[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const columns: Column[] = [
    { label: t('sports.competitions.columns.name') },
    { label: t('sports.competitions.columns.kind') },
    { label: t('sports.competitions.columns.upcoming'), numeric: true },
    { label: t('sports.fixtures.columns.open_bets'), numeric: true },
    { label: t('sports.fixtures.columns.stakes'), numeric: true },
    { label: t('sports.competitions.columns.margin'), numeric: true },
    { label: t('sports.competitions.columns.shown') },
    { label: t('sports.competitions.edit_margin'), srOnly: true },
  ];
  return (
    <DataTable testId="sports-competitions" columns={columns} collapse="md">
      {competitions.map((competition) => (
        <tr key={competition.id} data-competition={competition.code} className={competition.enabled ? '' : 'bg-navy-950/30 text-slate-400'}>
          <td>
            <Link
              to={`/sports/fixtures?competition=${competition.id}`}
              className={`font-medium hover:text-gold-300 hover:underline ${competition.enabled ? 'text-white' : 'text-slate-400'}`}
            >
              {competition.name}
            </Link>
            <p className="font-mono text-[11px] text-slate-500">
              {competition.code}
              {competition.country ? ` · ${competition.country}` : ''}
            </p>
          </td>
          <td className="text-slate-300">{t(`sports.competitions.kinds.${competition.kind}`)}</td>
          <td className="text-right tabular-nums">{formatNumber(competition.upcoming_fixtures, language)}</td>
          <td className="text-right tabular-nums">{formatNumber(competition.open_bets, language)}</td>
          <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(competition.stakes, language)}</td>
          <td className="text-right">
            <Margin competition={competition} />
          </td>
          <td>
            <EnabledSwitch competition={competition} />
          </td>
          <td className="text-right">
            <EditMarginButton competition={competition} onEdit={onEdit} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function CompetitionsCards({ competitions, onEdit }: { competitions: AdminCompetition[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <CardList collapse="md">
      {competitions.map((competition) => (
        <li key={competition.id} data-competition={competition.code} className="space-y-2 px-3 py-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Link to={`/sports/fixtures?competition=${competition.id}`} className="font-medium text-white hover:text-gold-300">
                {competition.name}
              </Link>
              <p className="text-xs text-slate-500">
                {t(`sports.competitions.kinds.${competition.kind}`)} ·{' '}
                {t('sports.competitions.upcoming_count', { count: competition.upcoming_fixtures })}
              </p>
            </div>
            <EnabledSwitch competition={competition} />
          </div>
          <div className="flex items-center justify-between gap-2 text-xs">
            <span className="text-slate-400">
              {t('sports.competitions.columns.margin')}: <Margin competition={competition} />
            </span>
            <span className="tabular-nums text-slate-400">
              {formatNumber(competition.open_bets, language)} · {formatMoney(competition.stakes, language)}
            </span>
          </div>
          <EditMarginButton competition={competition} onEdit={onEdit} wide />
        </li>
      ))}
    </CardList>
  );
}

/** Sets a competition's own margin (percent) or hands it back to the book's default. */
function MarginDialog({ competition, onClose }: { competition: AdminCompetition; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const update = useUpdateCompetition();
  const ids = { margin: useId(), useDefault: useId() };
  const asInput = useDisplayLine();
  const [useDefault, setUseDefault] = useState(competition.margin_bp === null);
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let margin: number | null = null;
    if (!useDefault) {
      const text = String(new FormData(event.currentTarget).get('margin') ?? '');
      margin = percentToBasisPoints(text);
      if (margin === null || margin > MAX_MARGIN_BP) {
        setError(t('sports.competitions.margin_invalid', { max: formatBasisPoints(MAX_MARGIN_BP, language) }));
        return;
      }
    }
    if (margin === competition.margin_bp) {
      onClose();
      return;
    }
    update.mutate(
      { id: competition.id, update: { margin_bp: margin } },
      {
        onSuccess: ({ data, message }) => {
          toast.success(`${message} · ${t('sports.competitions.repriced', { count: data.repriced_fixtures })}`);
          onClose();
        },
        onError: (failure) => setError(serverFieldErrors(failure, ['margin_bp'] as const).margin_bp),
      },
    );
  }

  return (
    <FormDialog
      title={t('sports.competitions.margin_title', { name: competition.name })}
      description={t('sports.competitions.margin_description')}
      pending={update.isPending}
      error={formError(update, hasServerFieldErrors(update.error))}
      submitLabel={t('sports.competitions.save')}
      onSubmit={submit}
      onClose={onClose}
      onFieldInput={() => setError(undefined)}
    >
      <CheckGroup>
        <CheckField
          id={ids.useDefault}
          label={t('sports.competitions.use_default')}
          hint={t('sports.competitions.use_default_hint', { margin: formatBasisPoints(competition.effective_margin_bp, language) })}
          checked={useDefault}
          onChange={(event) => {
            setUseDefault(event.target.checked);
            setError(undefined);
          }}
        />
      </CheckGroup>
      <Field label={t('sports.competitions.margin_label')} id={ids.margin} error={error} hint={t('sports.competitions.margin_hint')}>
        <div className="relative">
          <input
            id={ids.margin}
            name="margin"
            inputMode="decimal"
            maxLength={6}
            disabled={useDefault}
            defaultValue={asInput(basisPointsToPercent(competition.margin_bp ?? competition.effective_margin_bp))}
            className="input pr-8 tabular-nums disabled:opacity-50"
            {...invalidProps(ids.margin, error)}
          />
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-slate-500">%</span>
        </div>
      </Field>
    </FormDialog>
  );
}
