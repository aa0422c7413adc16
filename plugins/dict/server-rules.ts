import { type AuthUser, bizError, type CrudHooks, type DbRow, type EntityDef, isUniqueViolation, type LocalText, parentIdOf, str, type Tx } from '../../core/sdk/server';
import { MSG_DUPLICATE_KEY } from './entities';

/**
 * What a dictionary row's writes add to the engine's (the tree's rules, the unique key): a new row is a
 * dictionary (no parent: dict_key -1) or an entry, which takes its parent's code whatever the form sent;
 * an edit never moves a row, a dictionary keeps dict_key -1 and an entry its code; renaming a
 * dictionary's code renames its entries.
 */

const MSG_NO_PARENT: LocalText = { zh: '上级字典不存在', en: 'The parent dictionary does not exist' };

const isDictionary = (row: DbRow) => String(row.parent_id) === '0';

/** SQL conditions every statement on the rows carries: not removed, the caller's tenant. */
function live(entity: EntityDef, user: AuthUser, params: unknown[]): string {
  return `is_deleted = 0${entity.tenant ? ` and tenant_id = $${params.push(user.tenantId)}` : ''}`;
}

async function findRow(tx: Tx, user: AuthUser, entity: EntityDef, id: string): Promise<DbRow | undefined> {
  const params: unknown[] = [id];
  return tx.one<DbRow>(`select * from ${entity.table} where id = $1 and ${live(entity, user, params)}`, params);
}

export function dictionaryHooks(entity: EntityDef): CrudHooks {
  return {
    async beforeValidate({ tx, user, body, mode }) {
      if (mode === 'edit') {
        // The engine found the row already (the body's id is checked); which kind it is decides what stays.
        const existing = await findRow(tx, user, entity, String(body.id));
        if (existing && isDictionary(existing)) delete body.dictKey;
        else delete body.code;
        return;
      }
      const parentId = parentIdOf(body.parentId);
      if (parentId === '0') {
        delete body.parentId;
        body.dictKey = '-1';
        return;
      }
      const parent = await findRow(tx, user, entity, parentId);
      if (!parent) throw bizError(MSG_NO_PARENT);
      body.code = str(parent.code);
    },
    async afterChange({ tx, user, mode, values, id, existing }) {
      if (mode !== 'edit' || !existing || !isDictionary(existing) || values.code === undefined || values.code === existing.code) return;
      const params: unknown[] = [values.code, existing.code, id];
      try {
        await tx.query(`update ${entity.table} set code = $1 where code = $2 and id <> $3 and ${live(entity, user, params)}`, params);
      } catch (error) {
        throw isUniqueViolation(error) ? bizError(MSG_DUPLICATE_KEY) : error;
      }
    },
  };
}
