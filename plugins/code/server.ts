import { defineServerPlugin } from '../../core/sdk/server';
import codePlugin from './index';

/** The code generator on the engine, for the super administrator only. */
export default defineServerPlugin(codePlugin, {
  resources: {
    code: { access: { read: 'administrator', add: 'administrator', edit: 'administrator', delete: 'administrator' } },
  },
});
