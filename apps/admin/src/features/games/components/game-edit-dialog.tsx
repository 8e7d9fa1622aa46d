import { LANGUAGES } from '@casino/shared/languages';
import {
  type AdminGame,
  GAME_TAG_PATTERN,
  MAX_GAME_TAGS,
  MAX_RTP_BP,
  MIN_RTP_BP,
  THUMBNAIL_PATTERN,
} from '@casino/shared/schemas/games-admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { CheckField, CheckGroup, Field, invalidProps } from '../../../components/form-field';
import { LockIcon } from '../../../components/icons';
import { toast } from '../../../components/toaster';
import { basisPointsToPercent, centavosOf, parseReaisInput, percentToBasisPoints } from '../../../lib/format';
import { type FieldErrors, formError, serverFieldErrors, useFieldErrors } from '../../../lib/use-field-errors';
import { type GameUpdate, useUpdateGame } from '../api/games-admin';
import { GameThumbnail, useFormatPercent, useGameName } from './games-ui';

const FIELDS = ['name', 'thumbnail', 'tags', 'sort', 'min_bet', 'max_bet', 'rtp', 'names'] as const;
type GameField = (typeof FIELDS)[number];

/** "hot, New  jackpot" -> ["hot", "new", "jackpot"]: commas or spaces separate, case folds, repeats drop. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

function sameList(a: string[], b: string[]) {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** Reads the form into the changes to send (only what differs from the game) or the field errors. */
function readForm(form: FormData, game: AdminGame, t: (key: string, values?: Record<string, unknown>) => string) {
  const errors: FieldErrors<GameField> = {};
  const update: GameUpdate = {};
  const text = (name: string) => String(form.get(name) ?? '').trim();

  const name = text('name');
  if (!name) errors.name = t('validation.required');
  else if (name !== game.name) update.name = name;

  const names: Record<string, string> = {};
  for (const { code } of LANGUAGES) {
    const value = text(`names.${code}`);
    if (value !== (game.names[code] ?? '')) names[code] = value;
  }
  if (Object.keys(names).length > 0) update.names = names;

  const thumbnail = text('thumbnail');
  if (!THUMBNAIL_PATTERN.test(thumbnail)) errors.thumbnail = t('games.form.thumbnail_invalid');
  else if (thumbnail !== game.thumbnail) update.thumbnail = thumbnail;

  const tags = parseTags(text('tags'));
  if (tags.length > MAX_GAME_TAGS) errors.tags = t('games.form.tags_too_many', { max: MAX_GAME_TAGS });
  else if (tags.some((tag) => !GAME_TAG_PATTERN.test(tag))) errors.tags = t('games.form.tags_invalid');
  else if (!sameList(tags, game.tags)) update.tags = tags;

  const sortText = text('sort');
  const sort = /^\d{1,7}$/.test(sortText) ? Number(sortText) : Number.NaN;
  if (!Number.isInteger(sort) || sort > 1_000_000) errors.sort = t('games.form.sort_invalid');
  else if (sort !== game.sort) update.sort = sort;

  const minBet = parseReaisInput(text('min_bet'));
  const maxBet = parseReaisInput(text('max_bet'));
  if (!minBet) errors.min_bet = t('validation.amount');
  if (!maxBet) errors.max_bet = t('validation.amount');
  if (minBet && maxBet && centavosOf(minBet) > centavosOf(maxBet)) {
    errors.max_bet = t('games.form.max_below_min');
  }
  if (minBet && minBet !== game.min_bet) update.min_bet = minBet;
  if (maxBet && maxBet !== game.max_bet) update.max_bet = maxBet;

  if (game.rtp_editable) {
    const rtpBp = percentToBasisPoints(text('rtp'));
    if (rtpBp === null || rtpBp < MIN_RTP_BP || rtpBp > MAX_RTP_BP) errors.rtp = t('games.form.rtp_invalid');
    else if (rtpBp !== game.rtp_bp) update.rtp = basisPointsToPercent(rtpBp);
  }

  for (const flag of ['enabled', 'is_popular', 'is_promotion'] as const) {
    const checked = form.get(flag) === 'on';
    if (checked !== game[flag]) update[flag] = checked;
  }
  return { errors, update };
}

export function GameEditDialog({ game, onClose }: { game: AdminGame; onClose: () => void }) {
  const { t } = useTranslation();
  const formatPercent = useFormatPercent();
  const gameName = useGameName();
  const update = useUpdateGame();
  const { errors, setErrors, clear, hasErrors } = useFieldErrors<GameField>();
  const [thumbnail, setThumbnail] = useState(game.thumbnail);
  const [tagsText, setTagsText] = useState(game.tags.join(', '));
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readForm(new FormData(event.currentTarget), game, t);
    setErrors(read.errors);
    if (Object.keys(read.errors).length > 0) return;
    if (Object.keys(read.update).length === 0) {
      toast.success(t('games.no_changes'));
      onClose();
      return;
    }
    update.mutate(
      { id: game.id, update: read.update },
      {
        onSuccess: ({ message }) => {
          toast.success(message || t('games.saved'));
          onClose();
        },
        // Server field names ("names.pt", "tags.1") count for the form's fields.
        onError: (error) => setErrors(serverFieldErrors(error, FIELDS)),
      },
    );
  }

  const invalid = (field: GameField) => invalidProps(fieldId(field), errors[field]);
  const previewTags = parseTags(tagsText);

  return (
    <FormDialog
      title={t('games.edit_title', { name: gameName(game) })}
      description={t('games.edit_description')}
      pending={update.isPending}
      error={formError(update, hasErrors)}
      submitLabel={t('games.form.save')}
      onSubmit={submit}
      onClose={onClose}
      onFieldInput={clear}
      testId="game-edit-form"
    >
      <div className="flex items-center gap-3 rounded-lg border border-white/5 bg-navy-900/60 p-3">
        <GameThumbnail key={thumbnail} src={THUMBNAIL_PATTERN.test(thumbnail) ? thumbnail : ''} alt={game.name} size="lg" />
        <div className="min-w-0 text-xs text-slate-400">
          <p className="font-mono text-slate-300">{game.code}</p>
          <p>
            {game.provider_name} · <span className="font-mono">{game.plat_type}</span>
          </p>
          <p className="mt-1 flex items-center gap-1">
            {game.rtp_editable ? null : <LockIcon width={12} height={12} />}
            {t('games.form.rtp_declared', { rtp: formatPercent(game.rtp) })}
          </p>
        </div>
      </div>

      <Field label={t('games.form.name')} id={fieldId('name')} error={errors.name}>
        <input id={fieldId('name')} name="name" defaultValue={game.name} maxLength={100} className="input" {...invalid('name')} />
      </Field>

      <details className="group rounded-lg border border-white/5 bg-navy-900/40 open:bg-navy-900/60" open={Boolean(errors.names)}>
        <summary className="cursor-pointer select-none px-3 py-2 text-sm font-medium text-slate-200">
          {t('games.form.names')}
          <span className="ml-2 text-xs font-normal text-slate-500">
            {t('games.form.names_count', { filled: Object.keys(game.names).length, total: LANGUAGES.length })}
          </span>
        </summary>
        <div className="grid gap-2.5 px-3 pb-3 sm:grid-cols-2">
          {LANGUAGES.map((language) => (
            <div key={language.code}>
              <label htmlFor={fieldId(`names-${language.code}`)} className="field-label">
                {language.name}
              </label>
              <input
                id={fieldId(`names-${language.code}`)}
                name={`names.${language.code}`}
                lang={language.htmlLang}
                defaultValue={game.names[language.code] ?? ''}
                placeholder={game.name}
                maxLength={100}
                className="input"
              />
            </div>
          ))}
          <p className="text-xs text-slate-500 sm:col-span-2">{t('games.form.names_hint')}</p>
          {errors.names && (
            <p id={`${fieldId('names')}-error`} className="mt-1 text-xs text-rose-300">
              {errors.names}
            </p>
          )}
        </div>
      </details>

      <Field label={t('games.form.thumbnail')} id={fieldId('thumbnail')} error={errors.thumbnail} hint={t('games.form.thumbnail_hint')}>
        <input
          id={fieldId('thumbnail')}
          name="thumbnail"
          value={thumbnail}
          onChange={(event) => setThumbnail(event.target.value.trim())}
          maxLength={255}
          spellCheck={false}
          className="input font-mono text-[13px]"
          {...invalid('thumbnail')}
        />
      </Field>

      <Field label={t('games.form.tags')} id={fieldId('tags')} error={errors.tags} hint={t('games.form.tags_hint')}>
        <input
          id={fieldId('tags')}
          name="tags"
          value={tagsText}
          onChange={(event) => setTagsText(event.target.value)}
          maxLength={400}
          spellCheck={false}
          autoCapitalize="none"
          className="input"
          {...invalid('tags')}
        />
        {previewTags.length > 0 && (
          <span className="mt-1.5 flex flex-wrap gap-1" aria-hidden="true">
            {previewTags.map((tag) => (
              <span
                key={tag}
                className={`rounded px-1.5 py-px font-mono text-[11px] ${GAME_TAG_PATTERN.test(tag) ? 'bg-white/5 text-slate-300' : 'bg-rose-500/15 text-rose-300'}`}
              >
                {tag}
              </span>
            ))}
          </span>
        )}
      </Field>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Field label={t('games.form.min_bet')} id={fieldId('min_bet')} error={errors.min_bet}>
          <input
            id={fieldId('min_bet')}
            name="min_bet"
            inputMode="decimal"
            defaultValue={game.min_bet}
            maxLength={20}
            className="input tabular-nums"
            {...invalid('min_bet')}
          />
        </Field>
        <Field label={t('games.form.max_bet')} id={fieldId('max_bet')} error={errors.max_bet}>
          <input
            id={fieldId('max_bet')}
            name="max_bet"
            inputMode="decimal"
            defaultValue={game.max_bet}
            maxLength={20}
            className="input tabular-nums"
            {...invalid('max_bet')}
          />
        </Field>
        <Field label={t('games.form.sort')} id={fieldId('sort')} error={errors.sort} className="col-span-2 sm:col-span-1">
          <input
            id={fieldId('sort')}
            name="sort"
            inputMode="numeric"
            defaultValue={game.sort}
            maxLength={7}
            className="input tabular-nums"
            {...invalid('sort')}
          />
        </Field>
      </div>

      {game.rtp_editable ? (
        <Field label={t('games.form.rtp')} id={fieldId('rtp')} error={errors.rtp} hint={t('games.form.rtp_hint')}>
          <div className="relative">
            <input
              id={fieldId('rtp')}
              name="rtp"
              inputMode="decimal"
              defaultValue={game.rtp}
              maxLength={6}
              className="input pr-8 tabular-nums"
              {...invalid('rtp')}
            />
            <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-slate-500">%</span>
          </div>
        </Field>
      ) : (
        <p className="flex items-start gap-2 rounded-lg border border-gold-400/15 bg-gold-400/5 px-3 py-2 text-xs text-slate-300">
          <LockIcon width={14} height={14} className="mt-px shrink-0 text-gold-400" />
          {t('games.form.rtp_locked_hint', { rtp: formatPercent(game.rtp) })}
        </p>
      )}

      <CheckGroup>
        <CheckField
          id={fieldId('enabled')}
          name="enabled"
          defaultChecked={game.enabled}
          label={t('games.form.enabled')}
          hint={t('games.form.enabled_hint')}
        />
        <CheckField
          id={fieldId('popular')}
          name="is_popular"
          defaultChecked={game.is_popular}
          label={t('games.form.popular')}
          hint={t('games.form.popular_hint')}
          divided
        />
        <CheckField
          id={fieldId('promotion')}
          name="is_promotion"
          defaultChecked={game.is_promotion}
          label={t('games.form.promotion')}
          hint={t('games.form.promotion_hint')}
          divided
        />
      </CheckGroup>
    </FormDialog>
  );
}
