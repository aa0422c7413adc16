import type { EntityDef } from '../../../core/sdk/shared';
import { dictBizChildEntity, dictBizParentEntity, dictChildEntity, dictParentEntity } from '../entities';

/** System dictionaries (`/api/blade-system/dict`) or business dictionaries (`…/dict-biz`, per tenant). */
export type DictKind = 'dict' | 'dictbiz';

export interface DictEntities {
  parent: EntityDef;
  child: EntityDef;
  biz: boolean;
}

export function dictEntities(kind: DictKind): DictEntities {
  return kind === 'dict' ? { parent: dictParentEntity, child: dictChildEntity, biz: false } : { parent: dictBizParentEntity, child: dictBizChildEntity, biz: true };
}
