import { WorkList } from './WorkList';

/** /work/start: see WorkList and its declaration in lists.ts. */
export default function StartPage() {
  return <WorkList kind="start" />;
}
