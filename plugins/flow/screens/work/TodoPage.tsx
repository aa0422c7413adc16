import { WorkList } from './WorkList';

/** /work/todo: see WorkList and its declaration in lists.ts. */
export default function TodoPage() {
  return <WorkList kind="todo" />;
}
