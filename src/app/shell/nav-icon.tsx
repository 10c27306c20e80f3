import {
  IconBuildingStore,
  IconCalendarEvent,
  IconHelpCircle,
  IconHome,
  IconLayoutDashboard,
  IconMessages,
  IconSettings,
  IconShieldLock,
  IconStar,
  IconTool,
  IconUsers,
  IconUserStar,
  IconWheel,
} from '@tabler/icons-react';
import type { NavIcon as NavIconName } from '../../domain/app/navigation.ts';

const icons = {
  home: IconHome,
  dashboard: IconLayoutDashboard,
  calendar: IconCalendarEvent,
  lead: IconUserStar,
  wrench: IconTool,
  messages: IconMessages,
  star: IconStar,
  customers: IconUsers,
  tires: IconWheel,
  settings: IconSettings,
  admin: IconShieldLock,
  store: IconBuildingStore,
  help: IconHelpCircle,
} satisfies Record<NavIconName, unknown>;

export function NavIcon({ name }: { name: NavIconName }) {
  const Icon = icons[name];
  return <Icon size={20} stroke={1.6} aria-hidden />;
}
