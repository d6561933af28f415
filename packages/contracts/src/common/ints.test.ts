import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { INT_MAX, INT_MIN, idParamSchema, idSchema, intParamSchema, intSchema } from './ints';

const TOO_BIG = 2 ** 31;

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Endpoint).method === 'string' &&
  typeof (v as Endpoint).path === 'string' &&
  (v as Endpoint).response instanceof z.ZodType;

/** Every area's exports. */
async function allModules(): Promise<Record<string, unknown>[]> {
  const src = fileURLToPath(new URL('..', import.meta.url));
  const areas = readdirSync(src, { withFileTypes: true }).filter((d) => d.isDirectory());
  return Promise.all(
    areas.map((area) => import(/* @vite-ignore */ new URL(`../${area.name}/index.ts`, import.meta.url).href)),
  );
}

/** Every endpoint definition every area exports (directly or in an object of endpoints). */
async function allEndpoints(): Promise<Endpoint[]> {
  const found = new Set<Endpoint>();
  for (const mod of await allModules()) {
    for (const value of Object.values(mod)) {
      if (isEndpoint(value)) found.add(value);
      else if (value && typeof value === 'object' && !(value instanceof z.ZodType))
        for (const inner of Object.values(value)) if (isEndpoint(inner)) found.add(inner);
    }
  }
  return [...found];
}

/** Paths of the integers of a JSON Schema whose range reaches outside int4. */
function unbounded(schema: unknown, at: string, out: string[]) {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Record<string, unknown>;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('integer')) {
    const min = (s.minimum ?? s.exclusiveMinimum) as number | undefined;
    const max = (s.maximum ?? s.exclusiveMaximum) as number | undefined;
    if (!(min !== undefined && min >= INT_MIN && max !== undefined && max <= INT_MAX))
      out.push(`${at || '(root)'} [${min}, ${max}]`);
  }
  for (const [k, v] of Object.entries(s)) unbounded(v, at ? `${at}.${k}` : k, out);
}

describe('request integers (issue 27)', () => {
  it('the shared schemas refuse 2^31 and accept 2^31 − 1', () => {
    expect(idParamSchema.safeParse(String(TOO_BIG)).success).toBe(false);
    expect(idParamSchema.safeParse(String(INT_MAX)).data).toBe(INT_MAX);
    expect(idParamSchema.safeParse('0').success).toBe(false);
    expect(idSchema.safeParse(TOO_BIG).success).toBe(false);
    expect(intSchema.safeParse(INT_MIN - 1).success).toBe(false);
    expect(intParamSchema.safeParse(String(INT_MIN)).data).toBe(INT_MIN);
  });

  it('every endpoint definition bounds every integer of its params, query and body to int4', async () => {
    const endpoints = await allEndpoints();
    expect(endpoints.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const e of endpoints)
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = e[part];
        if (!schema) continue;
        const out: string[] = [];
        unbounded(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), '', out);
        for (const o of out) wrong.push(`${e.method} ${e.path} ${part} ${o}`);
      }
    expect(wrong).toEqual([]);
  });

  it('the JSON options of the multipart uploads (read by their routes) bound their integers too', async () => {
    const multipartOptions = new Set([
      'spreadsheetUploadOptionsSchema',
      'zipImportOptionsSchema',
      'interchangeImportOptionsSchema',
      'importOptionsSchema',
    ]);
    const wrong: string[] = [];
    let checked = 0;
    for (const mod of await allModules())
      for (const [name, value] of Object.entries(mod)) {
        if (!multipartOptions.has(name) || !(value instanceof z.ZodType)) continue;
        checked += 1;
        const out: string[] = [];
        unbounded(z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }), '', out);
        for (const o of out) wrong.push(`${name} ${o}`);
      }
    expect(checked).toBe(multipartOptions.size);
    expect(wrong).toEqual([]);
  });

  it('every path id of every endpoint refuses 2^31 (a 400, never the database error)', async () => {
    const accepted: string[] = [];
    for (const e of await allEndpoints()) {
      const names = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
      if (!names.length || !e.params) continue;
      for (const name of names) {
        const params = Object.fromEntries(names.map((n) => [n, n === name ? String(TOO_BIG) : '1']));
        if (e.params.safeParse(params).success) accepted.push(`${e.method} ${e.path} :${name}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});
