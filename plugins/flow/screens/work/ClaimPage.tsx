import { WorkList } from './WorkList';

/** /work/claim: see WorkList and its declaration in lists.ts. */
export default function ClaimPage() {
  return <WorkList kind="claim" />;
}
