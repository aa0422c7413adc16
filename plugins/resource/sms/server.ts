import { type ServerContext, type ServerParts, syncEntityTable } from '../../../core/sdk/server';
import { oneEnabledIndex } from '../enabling/exclusive-enable';
import { smsEntity } from './entity';
import { smsHooks, smsRecordHooks } from './hooks';
import { smsRoutes } from './routes';
import { seedSms } from './seed';
import { SMS_RATE_RULES } from './send';

/**
 * SMS: the configurations on the engine (secrets sealed and masked), their exclusive enable, sending
 * with its per-phone limits, and the sent messages, read only. The configurations' table is made by a
 * migration so its one-enabled-per-tenant index comes with it; the engine keeps both tables in step after.
 */
export const smsServer: ServerParts = {
  migrations: [
    {
      id: 'sms_001_configurations',
      run: async (tx) => {
        await syncEntityTable(tx, smsEntity);
        await tx.exec(oneEnabledIndex('blade_sms'));
      },
    },
  ],
  rateRules: SMS_RATE_RULES,
  resources: {
    sms: (ctx: ServerContext) => ({ hooks: smsHooks(ctx) }),
    // Messages are facts of sending: no form writes or removes one.
    sms_record: { skip: ['submit', 'remove'], hooks: smsRecordHooks },
  },
  routes: smsRoutes,
  seed: seedSms,
};
