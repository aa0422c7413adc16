/**
 * How a region row follows from its parent (BladeX `RegionServiceImpl.submit`): its level is the parent's
 * plus one (0 country, 1 province, 2 city, 3 district, 4 town, 5 village), its ancestors are the parent's
 * followed by the parent's code, and the province … village codes and names are the parent's with the
 * row's own level filled in. Plain functions: the migration's seed and the submit endpoint share them.
 */

export const REGION_SLOTS = ['province', 'city', 'district', 'town', 'village'] as const;
export type RegionSlot = (typeof REGION_SLOTS)[number];

/** The deepest level (a village). */
export const MAX_REGION_LEVEL = REGION_SLOTS.length;

/** The root of the tree (中国); its own parent code is ''. */
export const ROOT_CODE = '00';

export interface RegionRecord {
  code: string;
  parentCode: string;
  ancestors: string;
  name: string;
  regionLevel: number;
  sort: number;
  remark: string | null;
  /** `province` → { code, name }, for the levels at and above the row's own. */
  slots: Partial<Record<RegionSlot, { code: string; name: string }>>;
}

/** The slot a level fills (undefined for the country). */
export function slotOf(level: number): RegionSlot | undefined {
  return level >= 1 && level <= MAX_REGION_LEVEL ? REGION_SLOTS[level - 1] : undefined;
}

/** The prefix a child's code starts with: the parent's code, or nothing below the root. */
export function childPrefix(parentCode: string): string {
  return parentCode === ROOT_CODE ? '' : parentCode;
}

export function rootRegion(name: string): RegionRecord {
  return { code: ROOT_CODE, parentCode: '', ancestors: '', name, regionLevel: 0, sort: 1, remark: null, slots: {} };
}

/** The child of `parent` with this code, name, sort and remark. */
export function childRegion(parent: RegionRecord, child: { code: string; name: string; sort: number; remark?: string | null }): RegionRecord {
  const regionLevel = parent.regionLevel + 1;
  const slots = { ...parent.slots };
  const slot = slotOf(regionLevel);
  if (slot) slots[slot] = { code: child.code, name: child.name };
  return {
    code: child.code,
    parentCode: parent.code,
    ancestors: parent.ancestors ? `${parent.ancestors},${parent.code}` : parent.code,
    name: child.name,
    regionLevel,
    sort: child.sort,
    remark: child.remark ?? null,
    slots,
  };
}
