import { WorkList } from './WorkList';

/** /work/send: see WorkList and its declaration in lists.ts. */
export default function SendPage() {
  return <WorkList kind="send" />;
}
