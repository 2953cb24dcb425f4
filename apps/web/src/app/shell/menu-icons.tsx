import {
  IconBox,
  IconBuildingSkyscraper,
  IconCalendar,
  IconCalendarRepeat,
  IconCategory,
  IconClipboardList,
  IconGauge,
  IconHeartHandshake,
  IconListCheck,
  IconSettings,
  IconTemplate,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';
import type { MenuKey } from '@workbench/domain';

export const MENU_ICONS: Record<MenuKey, typeof IconBox> = {
  overview: IconGauge,
  workspaces: IconBuildingSkyscraper,
  issues: IconListCheck,
  scheduling: IconCalendarRepeat,
  calendar: IconCalendar,
  equipment: IconTool,
  assets: IconBox,
  profiles: IconUsers,
  collaborators: IconHeartHandshake,
  categories: IconCategory,
  templates: IconTemplate,
  settings: IconSettings,
};

export const FALLBACK_ICON = IconClipboardList;
