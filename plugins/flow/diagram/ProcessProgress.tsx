import type { ProcessProgressProps } from '../../../core/sdk/shared';

// Skeleton: replaced by the diagram's author in this change.
export default function ProcessProgress(_props: ProcessProgressProps) {
  return null;
}
