/** Names the generator derives from a table's: fields, entities, plugin ids, English labels. */

/** `signed_on` → `signedOn`. */
export function camelCase(column: string): string {
  return column.replace(/^_+/, '').replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/_+$/, '');
}

/** `signedOn` → `signed_on`: the column the engine gives a field name by default. */
export function snakeOf(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** `signed_on` → `Signed on`. */
export function humanise(column: string): string {
  const words = column.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : column;
}

/** `legacy_item` → `legacy-item`. */
export function kebabCase(text: string): string {
  return text.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/_+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
}

/** Words a field may not be called: they are JavaScript's, or the engine's own row keys. */
export const JS_RESERVED: ReadonlySet<string> = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if ' +
    'import in instanceof new null return super switch this throw true try typeof var void while with yield let static ' +
    'implements interface package private protected public await arguments eval constructor prototype __proto__'
  ).split(' '),
);

/** Row keys the engine answers or keeps itself. */
export const ENGINE_NAMES: ReadonlySet<string> = new Set([
  'id',
  'tenantId',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'status',
  'isDeleted',
  'parentName',
  'hasChildren',
  'children',
]);

/** The columns the engine keeps itself (besides the primary key). */
export const ENGINE_COLUMNS: ReadonlySet<string> = new Set(['tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted']);

/** A column whose values are never copied anywhere (demo rows): it looks like it holds a secret. */
export const looksSecret = (column: string): boolean => /password|passwd|pwd|secret|token|salt|(^|_)(api|access|private|app|sign)?_?key$|id_?card/i.test(column);
