/** MyBatis-Plus `IPage`, which BladeX puts in `R.data` for a paged list: the paged shape both sides speak. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** false: more rows match than were counted, and `total` is a lower bound (the engine's lists bound their count). */
  totalExact?: boolean;
  /** false: the caller asked for no count (`searchCount=false`); `total` is then 0. */
  searchCount?: boolean;
}
