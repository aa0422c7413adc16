import { createRequire } from 'node:module';

/**
 * The extension namespaces a process may use for its assignees and candidates: Camunda's, and Flowable's
 * (`flowable:assignee`, as BladeX's exported .bpmn20.xml files say it). Flowable's attributes are
 * Camunda's under another name and URI, so its descriptor is Camunda's with those changed rather than a
 * copy to keep in step.
 */
interface ModdleDescriptor {
  name: string;
  uri: string;
  prefix: string;
  [key: string]: unknown;
}

const camunda = createRequire(import.meta.url)('camunda-bpmn-moddle/resources/camunda.json') as ModdleDescriptor;

export const CAMUNDA_URI = camunda.uri;
export const FLOWABLE_URI = 'http://flowable.org/bpmn';

// The descriptor names its own types by prefix (`camunda:InOutBinding`): those references move with it.
const flowable: ModdleDescriptor = {
  ...(JSON.parse(JSON.stringify(camunda).replaceAll('"camunda:', '"flowable:')) as ModdleDescriptor),
  name: 'Flowable',
  uri: FLOWABLE_URI,
  prefix: 'flowable',
};

/**
 * bpmn-moddle's `extensions` for one document. Both descriptors add the same properties (`assignee`…) to
 * the same BPMN types, which moddle refuses in one registry, so a document is read with the one its XML
 * declares: Flowable's when it declares Flowable's namespace, else Camunda's.
 */
export function moddleOptionsFor(xml: string): Readonly<Record<string, ModdleDescriptor>> {
  return xml.includes(FLOWABLE_URI) && !xml.includes(CAMUNDA_URI) ? { flowable } : { camunda };
}

/** A document declaring both namespaces (its attributes in one of them would be silently ignored). */
export const declaresBothNamespaces = (xml: string): boolean => xml.includes(FLOWABLE_URI) && xml.includes(CAMUNDA_URI);
