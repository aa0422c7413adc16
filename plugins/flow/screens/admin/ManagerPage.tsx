// Skeleton: replaced by the screen's author in this change.
export default function Screen() {
  return null;
}
