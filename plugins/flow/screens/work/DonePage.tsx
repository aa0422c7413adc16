import { WorkList } from './WorkList';

/** /work/done: see WorkList and its declaration in lists.ts. */
export default function DonePage() {
  return <WorkList kind="done" />;
}
