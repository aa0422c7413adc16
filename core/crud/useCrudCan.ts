import { useCallback, useSyncExternalStore } from 'react';
import { reaction } from 'mobx';
import { useKernel } from '../kernel/context';
import type { EntityDef } from '../schema/entity';

/** The standard actions of an entity, each guarded by the code `<permission>_<action>`. */
export type CrudAction = 'add' | 'edit' | 'delete' | 'view';

const CRUD_ACTIONS: readonly CrudAction[] = ['add', 'edit', 'delete', 'view'];

/**
 * May the signed-in user do each of `codes`? Answered by the kernel's `can`, as a function of the code.
 * The component re-renders when any answer changes (the menu arrives, a plugin loads), whether or not it
 * is a MobX observer, as `useCan` does for one code. Asking for a code outside `codes` is a mistake.
 */
export function useGranted(codes: readonly string[]): (code: string) => boolean {
  const { can } = useKernel();
  // One key for the list, so a new array with the same codes is the same question.
  const key = codes.join('\n');
  // The answers as a string of 0 and 1 in the order of `codes`, so React can compare snapshots.
  const read = useCallback(
    () =>
      key
        .split('\n')
        .map((code) => (can(code).can ? '1' : '0'))
        .join(''),
    [can, key],
  );
  const subscribe = useCallback((changed: () => void) => reaction(read, changed), [read]);
  const answers = useSyncExternalStore(subscribe, read, read);
  return useCallback(
    (code: string) => {
      const index = key.split('\n').indexOf(code);
      if (index < 0) throw new Error(`useGranted(): "${code}" was not among the codes asked for (${key.split('\n').join(', ')}).`);
      return answers[index] === '1';
    },
    [answers, key],
  );
}

/** May the signed-in user add, edit, delete or view rows of `entity` (`<permission>_<action>`)? */
export function useCrudCan(entity: EntityDef): (action: CrudAction) => boolean {
  const granted = useGranted(CRUD_ACTIONS.map((action) => `${entity.permission}_${action}`));
  return useCallback((action: CrudAction) => granted(`${entity.permission}_${action}`), [granted, entity.permission]);
}
