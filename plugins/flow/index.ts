import { definePlugin } from '../../core/sdk/shared';
import { diagramMessages } from './diagram/messages';
import { workflowUi } from './diagram';
import { flowDictionary } from './dictionary';
import { lazyTaskFeed } from './feed/feed-lazy';
import { flowMenu, flowRoutes, workMenu } from './menus';
import { adminMessages } from './screens/admin/messages';
import { workMessages } from './screens/work/messages';

/**
 * 工作流: BPMN processes drawn in the browser (bpmn-js), deployed per tenant and run by bpmn-engine with
 * its state in the database; every member's work lists (start, claim, to do, sent, done), the top bar's
 * waiting tasks, and the parts other plugins' business forms use (`provides.workflow`).
 */
export default definePlugin({
  id: 'flow',
  name: { zh: '工作流', en: 'Workflow' },
  requires: ['dict'],
  menus: [workMenu, flowMenu],
  routes: flowRoutes,
  dictionaries: [flowDictionary],
  provides: { messages: lazyTaskFeed, workflow: workflowUi },
  messages: {
    zh: { flow: { admin: adminMessages.zh, work: workMessages.zh, diagram: diagramMessages.zh } },
    en: { flow: { admin: adminMessages.en, work: workMessages.en, diagram: diagramMessages.en } },
  },
});
