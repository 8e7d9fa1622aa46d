import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './http.ts';

/**
 * The server's one validator compiler. Request bodies are strict: every object in a body refuses
 * keys its schema does not declare (422 naming the field), whatever the shared schema says, so no
 * route needs a flag and a new schema cannot forget it. The client-wide `lang` is accepted at the
 * top of every body. No input may hold a NUL character (PostgreSQL cannot store one in text).
 * Query strings stay open: the spec's clients add parameters of their own to GET calls.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart, method, url }) => {
  const validate = zodValidatorCompiler({ schema: httpPart === 'body' ? strictBody(schema) : schema, httpPart, method, url });
  return (data: unknown) => {
    const field = findNulField(data);
    if (field !== undefined) return { error: new AppError('VALIDATION_FAILED', { fieldErrors: { [field]: ['validation.invalid'] } }) };
    return validate(data);
  };
};

const LANG = z.string().max(8).optional();
const strictCopies = new WeakMap<z.ZodType, z.ZodType>();

/** The schema with every object in it made strict, and `lang` allowed on the top-level object. */
export function strictBody(schema: z.ZodType): z.ZodType {
  let strict = strictCopies.get(schema);
  if (!strict) {
    strict = withLang(strictDeep(schema));
    strictCopies.set(schema, strict);
  }
  return strict;
}

type AnyDef = Record<string, unknown> & { type: string };

function copy(schema: z.ZodType, changes: Record<string, unknown>): z.ZodType {
  const def = schema._zod.def as unknown as AnyDef;
  // `parent` keeps the schema's registered metadata (descriptions) on the copy.
  return schema.clone({ ...def, ...changes } as typeof schema._zod.def, { parent: true });
}

function strictDeep(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as AnyDef;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const strictShape = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, strictDeep(field)]));
      // An object that declares a catchall (loose, or typed extra keys) keeps it; a plain one becomes strict.
      return copy(schema, { shape: strictShape, catchall: def.catchall ?? z.never() });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return copy(schema, { innerType: strictDeep(def.innerType as z.ZodType) });
    case 'pipe':
      // Only the input side sees the request's keys; the output side sees the transformed value.
      return copy(schema, { in: strictDeep(def.in as z.ZodType) });
    case 'array':
      return copy(schema, { element: strictDeep(def.element as z.ZodType) });
    case 'union':
      return copy(schema, { options: (def.options as z.ZodType[]).map(strictDeep) });
    case 'record':
      return copy(schema, { valueType: strictDeep(def.valueType as z.ZodType) });
    default:
      // Scalars, and shapes whose halves must see each other's keys (intersections, lazy schemas).
      return schema;
  }
}

function withLang(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as AnyDef;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return 'lang' in shape ? schema : copy(schema, { shape: { ...shape, lang: LANG } });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return copy(schema, { innerType: withLang(def.innerType as z.ZodType) });
    case 'pipe':
      return copy(schema, { in: withLang(def.in as z.ZodType) });
    default:
      return schema;
  }
}

/** The dotted path of the first string holding a NUL character, if any. */
export function findNulField(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : undefined;
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = findNulField(child, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
