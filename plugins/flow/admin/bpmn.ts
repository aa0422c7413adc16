import { checkedBpmn } from '../engine';

/** What the engine made of an XML it accepts: its executable process. */
export interface CheckedProcess {
  /** The process's id: the model key and the definitions' key. */
  id: string;
  name: string;
}

/** The XML's executable process, or a 400 (in the caller's language, naming the element) when the engine could not run it. */
export async function checkedProcess(xml: string): Promise<CheckedProcess> {
  const process = await checkedBpmn(xml);
  return { id: process.key, name: process.name };
}
