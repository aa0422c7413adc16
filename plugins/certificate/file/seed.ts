import { DEMO_TENANT, SEED, type ServerContext, type Tx } from '../../../core/sdk/server';
import { tenantAdministrator } from '../order/administrator';
import { makeCertificateFileWithin } from './issue';

/**
 * Demo certificate files: in each demo tenant, the two latest orders that were given a certificate number
 * get their PDF, so the list offers 预览证书 on first start. Their QR codes point at `PUBLIC_URL`, else at
 * the address `npm start` serves. A server without any Chinese font seeds none (making one says why).
 */

const DEMO_ADMINS: readonly (readonly [string, string])[] = [
  ['000000', SEED.adminUserId],
  [DEMO_TENANT.tenantId, DEMO_TENANT.adminUserId],
];

const demoOrigin = () => (process.env.PUBLIC_URL?.trim() || `http://127.0.0.1:${process.env.PORT ?? 1888}`).replace(/\/+$/, '');

export async function seedCertificateFiles(tx: Tx, ctx: ServerContext): Promise<void> {
  for (const [tenantId, userId] of DEMO_ADMINS) {
    const orders = await tx.query<{ id: string }>(
      `select id::text as id from xh_certificate_order
        where tenant_id = $1 and is_deleted = 0 and certificate_no is not null and coalesce(certificate_file, '') = '' and pay_state = 1
        order by create_time desc, id desc limit 2`,
      [tenantId],
    );
    for (const order of orders) {
      try {
        await makeCertificateFileWithin(tx, ctx, tenantAdministrator(tenantId, userId), order.id, demoOrigin());
      } catch (error) {
        ctx.log.info(`certificate demo file of order ${order.id} not made: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
    }
  }
}
