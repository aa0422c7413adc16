/** MyBatis-Plus `IPage`, which BladeX puts in `R.data` for a paged list: the paged shape both sides speak. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}
