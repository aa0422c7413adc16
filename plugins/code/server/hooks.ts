import type { CrudHooks } from '../../../core/sdk/server';
import { parseFieldsJson } from './fields-json';

/** A save's `fields` must be a field list (or '' for none yet): checked here so a bad one is never stored. */
export const codeHooks: CrudHooks = {
  beforeChange({ values }) {
    if (Object.hasOwn(values, 'fields')) parseFieldsJson(values.fields);
  },
};
