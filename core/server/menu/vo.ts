import { formatDateTime, id, num, str } from '../http/format';

export interface MenuRow {
  id: string;
  parent_id: string;
  code: string;
  name: string | null;
  name_en: string | null;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: number | null;
  category: number;
  action: number;
  is_open: number;
  component: string | null;
  remark: string | null;
  is_deleted: number;
  /** 1: a grouping menu, hidden while it has no visible child. */
  is_group?: number;
}

/** BladeX `MenuVO`, a menu row as BladeX answers it (ids as strings), plus `nameEn`, which the browser shows in English. */
export function menuVO(m: MenuRow) {
  return {
    id: id(m.id),
    parentId: id(m.parent_id),
    code: m.code,
    name: str(m.name),
    nameEn: str(m.name_en),
    alias: str(m.alias),
    path: str(m.path),
    source: str(m.source),
    sort: m.sort ?? 0,
    category: m.category,
    action: m.action,
    isOpen: m.is_open,
    component: str(m.component),
    remark: str(m.remark),
    isDeleted: m.is_deleted,
    parentName: '',
    categoryName: '',
    actionName: '',
    isOpenName: '',
  };
}

/** A node of `/menu/buttons`: the columns BladeX selects there (no category). */
export function buttonNode(m: MenuRow) {
  return {
    id: id(m.id),
    parentId: id(m.parent_id),
    code: m.code,
    name: str(m.name),
    nameEn: str(m.name_en),
    alias: str(m.alias),
    path: str(m.path),
    source: str(m.source),
    action: m.action,
    sort: m.sort ?? 0,
  };
}

export interface TopMenuRow {
  id: string;
  tenant_id: string;
  code: string;
  name: string | null;
  name_en: string | null;
  source: string | null;
  path: string | null;
  sort: number | null;
  create_user: string | null;
  create_dept: string | null;
  create_time: Date | null;
  update_user: string | null;
  update_time: Date | null;
  status: number;
  is_deleted: number;
}

export function topMenuVO(t: TopMenuRow) {
  return {
    id: id(t.id),
    tenantId: t.tenant_id,
    code: t.code,
    name: str(t.name),
    nameEn: str(t.name_en),
    source: str(t.source),
    path: str(t.path),
    sort: num(t.sort),
    createUser: id(t.create_user),
    createDept: id(t.create_dept),
    createTime: formatDateTime(t.create_time),
    updateUser: id(t.update_user),
    updateTime: formatDateTime(t.update_time),
    status: t.status,
    isDeleted: t.is_deleted,
  };
}

/**
 * A menu as a BladeX `TreeNode` (`title` is the name; `titleEn` ours, for English screens), with the
 * `sort` that orders the tree while it is built (`withoutSort` in ./tree leaves it out of the answer).
 */
export function menuTreeNode(m: MenuRow) {
  const key = id(m.id);
  return { id: key, parentId: id(m.parent_id) || '0', title: str(m.name), titleEn: str(m.name_en), key, value: key, sort: m.sort ?? 0 };
}
