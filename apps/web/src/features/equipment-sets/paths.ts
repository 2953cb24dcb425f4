/** The equipment pages (001 §2 "Equipment"). */
export const setPaths = {
  items: '/dashboard/equipment',
  item: (id: number) => `/dashboard/equipment/detail/${id}`,
  /** The item list filtered by a group. */
  groupItems: (id: number) => `/dashboard/equipment?groups=${id}`,
  groups: '/dashboard/equipment/groups',
  types: '/dashboard/equipment/types',
  holders: '/dashboard/equipment/external-holders',
};
