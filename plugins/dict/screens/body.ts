import type { Row } from '../../../core/sdk/browser';

/**
 * A dictionary row's place in the tree goes back with every save: a parent (new or not) is `parentId 0`,
 * `dictKey -1` (the BladeX convention), a child keeps its parent and key.
 */
export function withTreeKeys(body: Row, loaded: Row, isNewParent = false): Row {
  if (isNewParent) return { ...body, parentId: '0', dictKey: '-1' };
  const keep: Row = {};
  if (body.parentId === undefined && loaded.parentId !== undefined) keep.parentId = loaded.parentId;
  if (body.dictKey === undefined && loaded.dictKey !== undefined) keep.dictKey = loaded.dictKey;
  return { ...body, ...keep };
}
