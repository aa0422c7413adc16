/**
 * The code generator: from a table's shape, a proposal of fields and names; from a code record, the spec of
 * a plugin; from a spec, the plugin's files.
 */
export { dictionaryCandidates, proposeFields, proposeRecord } from './propose';
export { specFromRecord, type CodeRecordJson, type SpecInput } from './spec-from-record';
export { demoRowsFrom } from './demo-rows';
export { generatePlugin } from './generate';
export { GenRefusal } from './refusal';
