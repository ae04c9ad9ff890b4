import { randomUUID } from 'node:crypto';
import type { z } from 'zod';

/**
 * Valid-ish values read off a route's own zod schemas, so the fuzz suite builds a request each route would accept
 * and then spoils one field at a time. Ids the caller owns come from `known` (by field name).
 */

type Def = {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;

/** Strings to try, in order, for a field with a pattern we cannot read (decimals, product ids, codes). */
const STRING_CANDIDATES = ['10', '100.50', 'BTC-USD', 'sample-text', 'Sample', 'a'];
const FORMAT_SAMPLES: Record<string, () => string> = {
  uuid: () => randomUUID(),
  guid: () => randomUUID(),
  email: () => 'fuzz-sample@example.test',
  url: () => 'https://example.test/photo.png',
  datetime: () => new Date('2026-03-01T12:00:00Z').toISOString(),
};

const firstAccepted = (schema: z.ZodType, candidates: unknown[]) =>
  candidates.find((candidate) => schema.safeParse(candidate).success) ?? candidates[0];

export const sampleFor = (schema: z.ZodType, known: Record<string, unknown> = {}, depth = 0): unknown => {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const sample: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        sample[key] = key in known ? known[key] : sampleFor(field, known, depth + 1);
      }
      return sample;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return def.innerType ? sampleFor(def.innerType, known, depth) : undefined;
    case 'array':
      return def.element ? [sampleFor(def.element, known, depth + 1)] : [];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'union':
      return def.options?.[0] ? sampleFor(def.options[0], known, depth) : undefined;
    case 'pipe': {
      const from = def.in && defOf(def.in).type !== 'transform' ? def.in : def.out;
      return from ? sampleFor(from, known, depth) : undefined;
    }
    case 'string': {
      const format = def.format ? FORMAT_SAMPLES[def.format] : undefined;
      return format ? format() : firstAccepted(schema, STRING_CANDIDATES);
    }
    case 'number':
    case 'int':
      return firstAccepted(schema, [1, 10, 0, 100]);
    case 'boolean':
      return true;
    default:
      return 'sample';
  }
};

/** The top-level field names of an object schema (unwrapping optional/refine wrappers); none for other shapes. */
export const fieldsOf = (schema: z.ZodType | undefined): string[] => {
  if (!schema) return [];
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.innerType) return fieldsOf(def.innerType);
  if (def.type === 'pipe') return fieldsOf(def.in);
  return [];
};

/** Whether a value is a zod schema (route schemas may hold anything Fastify allows). */
export const isZodSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && 'safeParse' in value && 'def' in value;
