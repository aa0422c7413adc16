import type { ComponentType } from 'react';
import type { ResourceDecl } from '../schema/resource';
import { CrudPage, type RowAction } from './CrudPage';

const ROW_ACTIONS: readonly RowAction[] = ['view', 'edit', 'delete'];

/** The kit's list screen of a resource that has no screen of its own. */
export function resourcePage(resource: ResourceDecl): ComponentType {
  const offered = resource.actions;
  const rowActions = offered ? ROW_ACTIONS.filter((action) => offered.includes(action)) : ROW_ACTIONS;
  return function ResourcePage() {
    return <CrudPage entity={resource.entity} rowActions={rowActions} />;
  };
}
