import { formatCentavos, parseReais } from '@casino/shared/money';

/**
 * The generic activity settings form, without React: the module's JSON Schema (from the server's
 * `config_schema`) becomes a list of fields; the stored config becomes a draft of texts the inputs
 * edit; the draft becomes the config to send, or field errors named like the server's
 * (`prizes.0.reward_centavos`). Keys ending in `_centavos` are edited in reais, keys ending in
 * `_bp` as percentages; arrays of objects are small tables.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

type Common = { key: string; nullable: boolean; required: boolean };
export type LeafSpec = Common &
  (
    | { kind: 'money' | 'percent' | 'integer' | 'number'; min: number | null; max: number | null }
    | { kind: 'text'; maxLength: number | null; minLength: number | null }
    | { kind: 'boolean' }
    | { kind: 'enum'; options: string[] }
    | { kind: 'json' }
  );
export type FieldSpec =
  | LeafSpec
  | (Common & { kind: 'table'; columns: LeafSpec[]; minItems: number; maxItems: number | null })
  | (Common & { kind: 'object'; fields: FieldSpec[] });

export type DraftLeaf = string | boolean;
export type DraftRow = Record<string, DraftLeaf>;
export type DraftValue = DraftLeaf | DraftRow[] | Draft;
export type Draft = { [key: string]: DraftValue };

/** Errors by path ("reward_centavos", "prizes.2.weight"); values are catalogue keys of the admin namespace. */
export type ConfigErrors = Record<string, string>;

const MAX_TABLE_ROWS = 50;

function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  if (schema.anyOf) {
    const others = schema.anyOf.filter((option) => option.type !== 'null');
    if (others.length === 1 && others[0] && others.length < schema.anyOf.length) return { schema: others[0], nullable: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const rest = schema.type.filter((type) => type !== 'null');
    if (rest.length === 1) return { schema: { ...schema, type: rest[0] }, nullable: true };
  }
  return { schema, nullable: false };
}

function leafOf(key: string, raw: JsonSchema, required: boolean): LeafSpec {
  const { schema, nullable } = unwrapNullable(raw);
  const common = { key, nullable, required };
  const bounds = { min: schema.minimum ?? null, max: schema.maximum ?? null };
  if (schema.enum?.every((option) => typeof option === 'string')) {
    return { ...common, kind: 'enum', options: schema.enum as string[] };
  }
  switch (schema.type) {
    case 'integer':
      if (key.endsWith('_centavos')) return { ...common, kind: 'money', ...bounds };
      if (key.endsWith('_bp')) return { ...common, kind: 'percent', ...bounds };
      return { ...common, kind: 'integer', ...bounds };
    case 'number':
      return { ...common, kind: 'number', ...bounds };
    case 'string':
      return { ...common, kind: 'text', maxLength: schema.maxLength ?? null, minLength: schema.minLength ?? null };
    case 'boolean':
      return { ...common, kind: 'boolean' };
    default:
      return { ...common, kind: 'json' };
  }
}

function fieldOf(key: string, raw: JsonSchema, required: boolean): FieldSpec {
  const { schema, nullable } = unwrapNullable(raw);
  if (schema.type === 'array' && schema.items?.type === 'object' && schema.items.properties) {
    const itemRequired = new Set(schema.items.required ?? []);
    const columns = Object.entries(schema.items.properties).map(([column, sub]) => leafOf(column, sub, itemRequired.has(column)));
    // A table cell holds a value, not a nested structure: such items fall back to JSON.
    if (columns.every((column) => column.kind !== 'json')) {
      return {
        key,
        nullable,
        required,
        kind: 'table',
        columns,
        minItems: schema.minItems ?? 0,
        maxItems: Math.min(schema.maxItems ?? MAX_TABLE_ROWS, MAX_TABLE_ROWS),
      };
    }
  }
  if (schema.type === 'object' && schema.properties) {
    return { key, nullable, required, kind: 'object', fields: fieldsOf(schema) };
  }
  return leafOf(key, raw, required);
}

/** The form's fields, in the schema's order; an empty list when the module has nothing to set. */
export function fieldsOf(schema: unknown): FieldSpec[] {
  const root = schema as JsonSchema | null;
  if (!root || typeof root !== 'object' || !root.properties) return [];
  const required = new Set(root.required ?? []);
  return Object.entries(root.properties).map(([key, sub]) => fieldOf(key, sub, required.has(key)));
}

// ---- config -> draft ----------------------------------------------------------------------------

/** Basis points as the percent operators read: 2000 -> "20", 825 -> "8.25". */
export function bpToPercentText(bp: number): string {
  return formatCentavos(bp)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1');
}

/** Centavos as reais for an input: 10000 -> "100.00". */
export function centavosToReaisText(centavos: number): string {
  return formatCentavos(centavos);
}

function leafDraft(spec: LeafSpec, value: unknown): DraftLeaf {
  if (spec.kind === 'boolean') return value === true;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (spec.kind === 'money') return centavosToReaisText(value);
    if (spec.kind === 'percent') return bpToPercentText(value);
    return String(value);
  }
  if (spec.kind === 'json' || typeof value !== 'string') return JSON.stringify(value);
  return value;
}

function valueDraft(spec: FieldSpec, value: unknown): DraftValue {
  if (spec.kind === 'table') {
    const rows = Array.isArray(value) ? value : [];
    return rows.map((row) => rowDraft(spec.columns, row));
  }
  if (spec.kind === 'object') return toDraft(spec.fields, value);
  return leafDraft(spec, value);
}

export function rowDraft(columns: LeafSpec[], row: unknown): DraftRow {
  const record = row && typeof row === 'object' ? (row as Record<string, unknown>) : {};
  return Object.fromEntries(columns.map((column) => [column.key, leafDraft(column, record[column.key])]));
}

/** The stored config as the inputs' texts. */
export function toDraft(fields: FieldSpec[], config: unknown): Draft {
  const record = config && typeof config === 'object' ? (config as Record<string, unknown>) : {};
  return Object.fromEntries(fields.map((field) => [field.key, valueDraft(field, record[field.key])]));
}

// ---- draft -> config ----------------------------------------------------------------------------

/** Reais typed by an operator ("1.234,56", "1234.56", "100") to centavos; zero allowed; null when not money. */
export function reaisTextToCentavos(text: string): number | null {
  let value = text
    .trim()
    .replace(/^R\$\s*/i, '')
    .replace(/\s/g, '');
  // With a comma, the comma is the decimal mark and dots group thousands (pt-BR).
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  return parseReais(value);
}

/** A percent typed by an operator ("8", "8,25") to basis points; null when finer than 0.01 or not a number. */
export function percentTextToBp(text: string): number | null {
  return parseReais(text.trim().replace(',', '.'));
}

type LeafResult = { value: unknown } | { error: string };

function readNumber(spec: LeafSpec & { min: number | null; max: number | null }, text: string): LeafResult {
  let value: number | null;
  if (spec.kind === 'money') value = reaisTextToCentavos(text);
  else if (spec.kind === 'percent') value = percentTextToBp(text);
  else if (spec.kind === 'integer') value = /^-?\d{1,15}$/.test(text) ? Number(text) : null;
  else value = /^-?\d{1,15}([.,]\d{1,6})?$/.test(text) ? Number(text.replace(',', '.')) : null;
  if (value === null) return { error: `promotions.config_form.invalid_${spec.kind}` };
  if (spec.min !== null && value < spec.min) return { error: 'promotions.config_form.too_small' };
  if (spec.max !== null && value > spec.max) return { error: 'promotions.config_form.too_large' };
  return { value };
}

function readLeaf(spec: LeafSpec, draft: DraftLeaf | undefined): LeafResult {
  if (spec.kind === 'boolean') return { value: draft === true };
  const text = typeof draft === 'string' ? draft.trim() : '';
  if (text === '') {
    if (spec.nullable) return { value: null };
    if (spec.kind === 'text' && !spec.required) return { value: undefined };
    return { error: 'promotions.config_form.required' };
  }
  switch (spec.kind) {
    case 'money':
    case 'percent':
    case 'integer':
    case 'number':
      return readNumber(spec, text);
    case 'text':
      if (spec.maxLength !== null && text.length > spec.maxLength) return { error: 'promotions.config_form.too_long' };
      if (spec.minLength !== null && text.length < spec.minLength) return { error: 'promotions.config_form.required' };
      return { value: text };
    case 'enum':
      return spec.options.includes(text) ? { value: text } : { error: 'promotions.config_form.invalid' };
    case 'json':
      try {
        return { value: JSON.parse(text) };
      } catch {
        return { error: 'promotions.config_form.invalid_json' };
      }
  }
}

function readRows(spec: FieldSpec & { kind: 'table' }, rows: DraftRow[], path: string, errors: ConfigErrors): unknown[] {
  if (rows.length < spec.minItems) errors[path] = 'promotions.config_form.too_few_rows';
  return rows.map((row, index) => {
    const item: Record<string, unknown> = {};
    for (const column of spec.columns) {
      const read = readLeaf(column, row[column.key]);
      if ('error' in read) errors[`${path}.${index}.${column.key}`] = read.error;
      else if (read.value !== undefined) item[column.key] = read.value;
    }
    return item;
  });
}

function readFields(fields: FieldSpec[], draft: Draft, prefix: string, errors: ConfigErrors): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const field of fields) {
    const path = prefix ? `${prefix}.${field.key}` : field.key;
    const value = draft[field.key];
    if (field.kind === 'table') config[field.key] = readRows(field, Array.isArray(value) ? (value as DraftRow[]) : [], path, errors);
    else if (field.kind === 'object') {
      config[field.key] = readFields(field.fields, value && typeof value === 'object' && !Array.isArray(value) ? value : {}, path, errors);
    } else {
      const read = readLeaf(field, value as DraftLeaf | undefined);
      if ('error' in read) errors[path] = read.error;
      else if (read.value !== undefined) config[field.key] = read.value;
    }
  }
  return config;
}

/** The draft as the config to send, or the errors of its fields (nothing is sent then). */
export function fromDraft(fields: FieldSpec[], draft: Draft): { config: Record<string, unknown>; errors: ConfigErrors } {
  const errors: ConfigErrors = {};
  const config = readFields(fields, draft, '', errors);
  return { config, errors };
}

/** A new table row: a copy of the last one (operators usually add the next step), else empty cells. */
export function newRow(columns: LeafSpec[], rows: DraftRow[]): DraftRow {
  const last = rows.at(-1);
  if (last) return { ...last };
  return Object.fromEntries(columns.map((column) => [column.key, column.kind === 'boolean' ? false : '']));
}

/** "min_recharge_centavos" -> "Min recharge": the label of a key the catalogue does not name. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/_(centavos|bp)$/, '')
    .split('_')
    .filter(Boolean)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether two configs hold the same values (key order aside). */
export function sameConfig(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
