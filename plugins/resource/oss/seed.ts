import { DEMO_TENANT, type ServerContext, type Tx } from '../../../core/sdk/server';
import { DISABLED, ENABLED } from '../enabling/enabled';
import { LOCAL_DISK, S3_COMPATIBLE } from './entity';
import { SECRET_PURPOSE } from './stores';

/**
 * Per demo tenant: the server's own disk, enabled (the default store: uploads from the first start on land
 * in DATA_DIR/files, and the files the other plugins seeded before it stay in the database, so the
 * attachment screen shows both), and an S3-compatible example, disabled, to edit with a real endpoint
 * and enable. The tenants differ in codes, buckets and remarks.
 */
export async function seedOssConfigs(tx: Tx, ctx: ServerContext): Promise<void> {
  const tenants = [
    { tenantId: '000000', code: 'local', bucket: 'card-admin', endpoint: 'https://minio.example.com', remark: '示例：自建 MinIO，填入真实地址与密钥后启用' },
    { tenantId: DEMO_TENANT.tenantId, code: 'local-disk', bucket: 'demo-tenant-files', endpoint: 'https://cos.ap-shanghai.myqcloud.com', remark: '示例：腾讯云 COS（S3 兼容），填入真实密钥后启用' },
  ];
  for (const t of tenants) {
    const exists = await tx.one(`select 1 as found from blade_tenant where tenant_id = $1`, [t.tenantId]);
    if (!exists) continue;
    await tx.query(
      `insert into blade_oss (id, tenant_id, category, oss_code, remark, status) values ($1, $2, $3, $4, $5, $6)`,
      [ctx.ids.next(), t.tenantId, LOCAL_DISK, t.code, '服务器本地磁盘（DATA_DIR/files）', ENABLED],
    );
    await tx.query(
      `insert into blade_oss (id, tenant_id, category, oss_code, endpoint, access_key, secret_key, bucket_name, region, path_style, remark, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [ctx.ids.next(), t.tenantId, S3_COMPATIBLE, `${t.code === 'local' ? 'minio' : 'cos'}-example`, t.endpoint, 'EXAMPLEACCESSKEY', ctx.secrets.seal(SECRET_PURPOSE, 'example-secret-key'), t.bucket, t.code === 'local' ? 'us-east-1' : 'ap-shanghai', t.code === 'local' ? 1 : 0, t.remark, DISABLED],
    );
  }
}
