import type { CrudHooks, MountCrudOptions } from '../../core/sdk/server';

/**
 * How the engine serves a log: read only (no save, no removal: logs are evidence); the super administrator
 * may read another tenant's logs by naming it (`tenantId`), one tenant at a time, so every list stays on
 * that tenant's time index; a list leaves out what only a row's detail needs (the stack, the parameters,
 * the event's data beyond a line), so a page of errors never carries twenty stacks.
 */

/** Fields a list answers without: big, and read one row at a time in the detail. */
const DETAIL_ONLY = ['stackTrace', 'params', 'userAgent', 'info'] as const;

/** The longest text of a field a list row keeps (the detail has all of it). */
const LIST_TEXT_MAX = 300;

const listRows: CrudHooks = {
  afterRead({ rows, action }) {
    if (action !== 'list') return;
    for (const row of rows) {
      for (const name of DETAIL_ONLY) delete row[name];
      for (const name of ['logData', 'message'] as const) {
        const value = row[name];
        if (typeof value === 'string' && value.length > LIST_TEXT_MAX) row[name] = `${value.slice(0, LIST_TEXT_MAX)}…`;
      }
    }
  },
};

export const logReadOptions: MountCrudOptions = { otherTenants: true, skip: ['submit', 'remove'], hooks: listRows };
