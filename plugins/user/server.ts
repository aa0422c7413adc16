import { defineServerPlugin } from '../../core/sdk/server';
import { userEntity } from './entities';
import { userManifest } from './manifest';
import { userRoutes } from './server-routes';

/**
 * Users on the server: the kernel's `blade_user` (the kernel signs them in and serves their own profile),
 * administered through `/api/blade-user/{page, detail, submit, update, remove, reset-password, grant,
 * platform-detail, update-platform, user-list, export-user, export-template, import-user}`, and one table
 * of its own for the per-platform extension text (BladeX keeps `blade_user_web`, `_app`, `_other`).
 */
export const userServer = defineServerPlugin({
  manifest: userManifest,
  entities: [userEntity],
  migrations: [
    {
      id: '001_user_ext',
      sql: `create table blade_user_ext (
  id bigint primary key,
  tenant_id varchar(12) not null,
  user_id bigint not null,
  user_type int not null,
  user_ext varchar(255),
  create_time timestamptz not null default now(),
  update_time timestamptz not null default now(),
  unique (user_id, user_type)
);
create index blade_user_ext_tenant on blade_user_ext (tenant_id, user_id);`,
    },
  ],
  routes: userRoutes,
});

export default userServer;
