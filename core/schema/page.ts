/** MyBatis-Plus `IPage` inside `R.data` (bladex-contract §1.4): the paged shape both sides speak. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}
