import { defineServerPlugin } from '../../core/sdk/server';
import userPlugin from './index';
import { userResource } from './server-resource';
import { userRoutes } from './server-routes';

/**
 * Users on the server: the kernel's `blade_user` (the kernel signs them in and serves their own profile),
 * administered through the engine (`page`, `detail`, `submit`, `update`, `remove`: server-resource.ts)
 * and the endpoints of its own (server-routes.ts), with one table of its own for the per-platform
 * extension text (BladeX keeps `blade_user_web`, `_app`, `_other`).
 */
export default defineServerPlugin(userPlugin, {
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
  resources: { user: userResource },
  routes: userRoutes,
});
