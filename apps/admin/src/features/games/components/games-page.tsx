import { GAME_CATEGORIES } from '@casino/shared/schemas/games';
import type { AdminGame } from '@casino/shared/schemas/games-admin';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList, DataTable } from '../../../components/data-table';
import { EditButton } from '../../../components/edit-button';
import { Badge, PageHeader } from '../../../components/feedback';
import { FilterBar } from '../../../components/filter-bar';
import { Field, SearchInput, SelectField } from '../../../components/form-field';
import { LockIcon } from '../../../components/icons';
import { PagedSection } from '../../../components/query-section';
import { Switch } from '../../../components/switch';
import { toastOutcome } from '../../../components/toaster';
import { usePermission } from '../../../lib/auth';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLanguage } from '../../../lib/use-language';
import { oneOf, pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import { GAMES_PAGE_SIZE, type GameFilters, useAdminGames, useUpdateGame } from '../api/games-admin';
import { GameEditDialog } from './game-edit-dialog';
import { GameThumbnail, PromotionIcon, ProviderFilter, StarIcon, useCategoryLabel, useFormatPercent, useGameName } from './games-ui';

const SEARCH_DEBOUNCE_MS = 300;

function useGameFilters() {
  const { params, update } = useUrlFilters<'q' | 'provider' | 'category' | 'enabled'>();
  const filters: GameFilters = {
    name: params.get('q') ?? '',
    plat_type: params.get('provider') ?? '',
    category: oneOf(params, 'category', GAME_CATEGORIES),
    enabled: oneOf(params, 'enabled', ['1', '0']),
    page: pageParam(params),
  };
  return { filters, update };
}

export function GamesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { filters, update } = useGameFilters();
  const [draft, setDraft] = useState(filters.name);
  const debounced = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  const games = useAdminGames(filters);
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const ids = { search: useId(), category: useId(), status: useId() };
  const categoryLabel = useCategoryLabel();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives this effect
  useEffect(() => {
    if (debounced.trim() !== filters.name) update({ q: debounced.trim(), page: 1 });
  }, [debounced]);

  function submit(event: FormEvent) {
    event.preventDefault();
    update({ q: draft.trim(), page: 1 });
  }

  const filtered = filters.name !== '' || filters.plat_type !== '' || filters.category !== '' || filters.enabled !== '';
  const total = games.data?.total;
  return (
    <>
      <PageHeader
        title={t('games.title')}
        subtitle={total === undefined ? t('games.subtitle') : t('common.total', { total: formatNumber(total, language) })}
      />

      <FilterBar onSubmit={submit} className="grid gap-3 p-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
        <Field label={t('games.search_label')} id={ids.search} className="sm:col-span-2 lg:col-span-1">
          <SearchInput
            id={ids.search}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('games.search_placeholder')}
            maxLength={64}
            autoComplete="off"
          />
        </Field>
        <ProviderFilter value={filters.plat_type} onChange={(value) => update({ provider: value, page: 1 })} />
        <SelectField
          id={ids.category}
          label={t('games.filter_category')}
          value={filters.category}
          onChange={(value) => update({ category: value, page: 1 })}
        >
          <option value="">{t('games.all_categories')}</option>
          {GAME_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={ids.status}
          label={t('games.filter_status')}
          value={filters.enabled}
          onChange={(value) => update({ enabled: value, page: 1 })}
        >
          <option value="">{t('games.status_all')}</option>
          <option value="1">{t('games.enabled')}</option>
          <option value="0">{t('games.disabled')}</option>
        </SelectField>
      </FilterBar>

      <PagedSection
        query={games}
        skeleton={{ columns: 8 }}
        empty={{
          title: filtered ? t('games.empty_filtered') : t('games.empty'),
          hint: filtered ? t('games.empty_filtered_hint') : undefined,
        }}
        pageSize={GAMES_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(list) => (
          <>
            <GamesTable games={list} onEdit={setEditing} />
            <GamesCards games={list} onEdit={setEditing} />
          </>
        )}
      </PagedSection>
      {editing && <GameEditDialog game={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

type OnEdit = (game: AdminGame) => void;

/** The inline enable switch: one click, the server's message as a toast. */
function EnabledSwitch({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const canManage = usePermission('games.manage');
  const update = useUpdateGame();
  const name = useGameName()(game);
  const label = game.enabled ? t('games.disable_named', { name }) : t('games.enable_named', { name });
  if (!canManage) {
    return game.enabled ? <Badge tone="green">{t('games.enabled')}</Badge> : <Badge tone="slate">{t('games.disabled')}</Badge>;
  }
  return (
    <Switch
      checked={game.enabled}
      label={label}
      pending={update.isPending}
      onChange={(enabled) => update.mutate({ id: game.id, update: { enabled } }, toastOutcome(t('games.saved')))}
    />
  );
}

function Flags({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  if (!game.is_popular && !game.is_promotion) return <span className="text-slate-600">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {game.is_popular && (
        <Badge tone="gold">
          <StarIcon width={12} height={12} />
          {t('games.popular')}
        </Badge>
      )}
      {game.is_promotion && (
        <Badge tone="blue">
          <PromotionIcon width={12} height={12} />
          {t('games.promotion')}
        </Badge>
      )}
    </span>
  );
}

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, 2);
  return (
    <span className="mt-1 flex gap-1 overflow-hidden">
      {shown.map((tag) => (
        <span key={tag} className="rounded bg-white/5 px-1.5 py-px font-mono text-[10px] text-slate-400">
          {tag}
        </span>
      ))}
      {tags.length > shown.length && <span className="px-1 text-[10px] text-slate-500">+{tags.length - shown.length}</span>}
    </span>
  );
}

function Rtp({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const percent = useFormatPercent()(game.rtp);
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap tabular-nums"
      title={game.rtp_editable ? undefined : t('games.rtp_locked')}
    >
      {percent}
      {!game.rtp_editable && <LockIcon width={12} height={12} className="text-slate-500" aria-label={t('games.rtp_locked')} />}
    </span>
  );
}

function ProviderCell({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <p className="truncate text-slate-200">{game.provider_name}</p>
      <p className="flex items-center gap-1 text-[11px] text-slate-500">
        <span className="font-mono">{game.plat_type}</span>
        {game.is_house && <span className="text-gold-400/80">· {t('games.house')}</span>}
        {!game.provider_enabled && <span className="text-rose-300">· {t('games.provider_off')}</span>}
      </p>
    </div>
  );
}

function EditGameButton({ game, onEdit }: { game: AdminGame; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const gameName = useGameName();
  const canManage = usePermission('games.manage');
  if (!canManage) return null;
  return <EditButton label={t('games.edit')} name={t('games.edit_named', { name: gameName(game) })} onClick={() => onEdit(game)} />;
}

function GamesTable({ games, onEdit }: { games: AdminGame[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const gameName = useGameName();
  const language = useLanguage();
  const categoryLabel = useCategoryLabel();
  return (
    <DataTable
      testId="games-table"
      collapse="md"
      columns={[
        { label: t('games.columns.game') },
        { label: t('games.columns.provider') },
        { label: t('games.columns.category'), className: 'hidden lg:table-cell' },
        { label: t('games.columns.rtp'), numeric: true },
        { label: t('games.columns.bets'), numeric: true, className: 'hidden xl:table-cell' },
        { label: t('games.columns.flags') },
        { label: t('games.columns.sort'), numeric: true, className: 'hidden lg:table-cell' },
        { label: t('games.columns.enabled') },
        { label: t('games.edit'), srOnly: true },
      ]}
    >
      {games.map((game) => (
        <tr
          key={game.id}
          data-game={game.code}
          className={`transition-colors hover:bg-white/[0.025] ${game.enabled ? '' : 'bg-navy-950/30 text-slate-400'}`}
        >
          <td>
            <div className="flex items-center gap-3">
              <GameThumbnail src={game.thumbnail} alt={gameName(game)} />
              <div className="min-w-0">
                <p className={`truncate font-medium ${game.enabled ? 'text-white' : 'text-slate-400'}`}>{gameName(game)}</p>
                <p className="truncate font-mono text-[11px] text-slate-500">{game.code}</p>
                <Tags tags={game.tags} />
              </div>
            </div>
          </td>
          <td className="max-w-44">
            <ProviderCell game={game} />
          </td>
          <td className="hidden text-slate-300 lg:table-cell">{categoryLabel(game.category)}</td>
          <td className="text-right">
            <Rtp game={game} />
          </td>
          <td className="hidden whitespace-nowrap text-right text-xs text-slate-400 tabular-nums xl:table-cell">
            {formatMoney(game.min_bet, language)} – {formatMoney(game.max_bet, language)}
          </td>
          <td>
            <Flags game={game} />
          </td>
          <td className="hidden text-right text-slate-400 tabular-nums lg:table-cell">{game.sort}</td>
          <td>
            <EnabledSwitch game={game} />
          </td>
          <td className="text-right">
            <EditGameButton game={game} onEdit={onEdit} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Phones get one card per game instead of a table that would scroll sideways. */
function GamesCards({ games, onEdit }: { games: AdminGame[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const gameName = useGameName();
  const language = useLanguage();
  const categoryLabel = useCategoryLabel();
  return (
    <CardList collapse="md">
      {games.map((game) => (
        <li key={game.id} data-game={game.code} className="space-y-2.5 px-3 py-3">
          <div className="flex items-start gap-3">
            <GameThumbnail src={game.thumbnail} alt={gameName(game)} />
            <div className="min-w-0 flex-1">
              <p className={`truncate font-medium ${game.enabled ? 'text-white' : 'text-slate-400'}`}>{gameName(game)}</p>
              <p className="truncate text-xs text-slate-400">
                {game.provider_name} · {categoryLabel(game.category)}
              </p>
              <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
                {t('games.columns.rtp')} <Rtp game={game} /> · {formatMoney(game.min_bet, language)} – {formatMoney(game.max_bet, language)}
              </p>
            </div>
            <EnabledSwitch game={game} />
          </div>
          <div className="flex items-center justify-between gap-2">
            <Flags game={game} />
            <EditGameButton game={game} onEdit={onEdit} />
          </div>
        </li>
      ))}
    </CardList>
  );
}
