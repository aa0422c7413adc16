/** The message tab's page size and its "view all": the to-do list. Kept apart so the declaration loads no HTTP client. */
export const TASK_FEED_PAGE_SIZE = 5;
export const TASK_FEED_ALL = '/work/todo';
