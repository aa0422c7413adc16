/**
 * The engine as the flow plugin's other parts use it (the work lists, the administration): the service
 * the kernel offers other plugins, plus what only the workflow itself does (cancelling an instance,
 * checking an XML before it is saved or deployed, the variables a form may send).
 */
export { cancelInstance, checkedVariables, MAX_COMMENT, workflowService } from './service';
export { checkedBpmn, MAX_BPMN_BYTES, validateBpmn, type BpmnCheck, type ValidProcess } from './validate';
export { ENGINE_MSG } from './messages';
export type { DefinitionRow, InstanceRow } from './store';
export { userNames } from './store';
