/** The scheduling pages' addresses (001 §2 "Scheduling"); a file of its own so links elsewhere load nothing more. */
export const SCHEDULE_LIST_PATH = '/dashboard/scheduling';
export const schedulePaths = {
  list: SCHEDULE_LIST_PATH,
  add: `${SCHEDULE_LIST_PATH}/add`,
  detail: (id: number) => `${SCHEDULE_LIST_PATH}/detail/${id}`,
};
