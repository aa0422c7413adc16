import { describe, expect, test } from '@rstest/core';
import { type FieldDef } from '../../core/schema/entity';
import { COMPARE_OPS, DATE_OPS, allowedOps, selectIsNumeric } from '../../core/schema/filters';
import { ts, routes, entities, admin, key, send, startSweepServer, SWEEP_LIMIT_MS } from './sweep-kit';

/** Typed filters of every list given values of another type: a 400 naming the filter. */
startSweepServer();

describe('every endpoint', () => {
  test("a typed filter given another type's value, or one its column cannot hold, is a 400 naming it on every list of its entity, never a 500", async () => {
    const numbers = ['NaN', '1.5', '1e3', 'Infinity', '0x10', '１２', '99999999999', '-99999999999', '9223372036854775808'];
    const dates = ['yesterday', '2024-13-45', '2024-02-30', '0000-00-00', '2024-01-01T00:00:00', '99999-01-01'];
    const badValues = (field: FieldDef, op: string): string[] => {
      if ((DATE_OPS as readonly string[]).includes(op) || field.type === 'date' || field.type === 'datetime') return dates;
      if (field.type === 'switch') return [...numbers, '40000'];
      // A bigint id holds 99999999999: for an id only the values no bigint holds are bad.
      if (field.type === 'id') return numbers.filter((v) => v !== '99999999999');
      if (['integer', 'number'].includes(field.type) || selectIsNumeric(field)) return field.type === 'number' ? numbers.filter((v) => !/^-?\d+(\.\d+)?$/.test(v)) : numbers;
      return [];
    };
    const failures: string[] = [];
    let tried = 0;
    for (const entity of entities) {
      const lists = routes.filter((r) => r.method === 'GET' && r.path.startsWith(`${entity.api.base}/`) && !r.path.includes(':'));
      const list = `${entity.api.base}/${entity.api.list}`;
      for (const [name, field] of Object.entries(entity.fields)) {
        for (const op of allowedOps(field)) {
          if (!(COMPARE_OPS as readonly string[]).includes(op) && !(DATE_OPS as readonly string[]).includes(op)) continue;
          const filterKey = `${name}_${op}`;
          for (const value of badValues(field, op)) {
            for (const route of lists) {
              const res = await send(route, admin, { [filterKey]: value });
              tried++;
              if (res.status >= 500) failures.push(`${key(route)} ?${filterKey}=${value} → ${res.status}`);
              else if (route.path === list && (res.status !== 400 || !String(res.body?.msg).includes(filterKey))) {
                failures.push(`${key(route)} ?${filterKey}=${value} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
              }
            }
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(failures).toEqual([]);
    expect(ts.logged).toEqual([]);
  }, SWEEP_LIMIT_MS);
});
