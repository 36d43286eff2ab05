import AssessmentIcon from "@mui/icons-material/Assessment";
import ChatIcon from "@mui/icons-material/Chat";
import ContactPhoneIcon from "@mui/icons-material/ContactPhone";
import FlashOnIcon from "@mui/icons-material/FlashOn";
import HistoryIcon from "@mui/icons-material/History";
import ForumIcon from "@mui/icons-material/Forum";
import InfoIcon from "@mui/icons-material/Info";
import SendIcon from "@mui/icons-material/Send";
import ScheduleSendIcon from "@mui/icons-material/ScheduleSend";
import SettingsIcon from "@mui/icons-material/Settings";
import SpeedIcon from "@mui/icons-material/Speed";
import TuneIcon from "@mui/icons-material/Tune";
import ViewKanbanIcon from "@mui/icons-material/ViewKanban";
import type SvgIcon from "@mui/material/SvgIcon";
import { can, type Permission, type Profile } from "@atendo/contracts";
import { defaultConfigPage } from "../../lib/last-config-page";
import { paths } from "../../lib/paths";
import type { UnreadKind } from "../../lib/unread";

export interface NavItem {
  to: string;
  labelKey: string;
  icon: typeof SvgIcon;
  /** Which unread count the item's badge shows. */
  badge?: UnreadKind;
  /**
   * The drawer's "Settings": opens the last configuration page visited (`to` is only the
   * default) and is selected on any of them.
   */
  configuration?: true;
  /** What opening it needs, when not the administration's (`drawer-admin-items:view`): a supervisor's screens (decision 0099). */
  permission?: Permission;
}

/** Whether the profile may open an item of the Administration section (its route guard asks the same). */
export function mayOpen(profile: Profile | undefined, item: NavItem): boolean {
  return can(profile, item.permission ?? "drawer-admin-items:view");
}

/** Drawer items every signed-in user sees (spec §2). */
export const mainNavItems: readonly NavItem[] = [
  { to: paths.tickets, labelKey: "pages.tickets", icon: ForumIcon, badge: "tickets" },
  { to: paths.chats, labelKey: "pages.chats", icon: ChatIcon, badge: "chats" },
  { to: paths.board, labelKey: "pages.board", icon: ViewKanbanIcon },
  { to: paths.contacts, labelKey: "pages.contacts", icon: ContactPhoneIcon },
  { to: paths.quickAnswers, labelKey: "pages.quickAnswers", icon: FlashOnIcon },
  { to: paths.schedules, labelKey: "pages.schedules", icon: ScheduleSendIcon },
];

/**
 * The "Administration" section (spec §2: About, Reports, Settings): admins see it whole; a
 * supervisor sees the items their permissions open, under "Supervision" (mayOpen).
 */
export const adminNavItems: readonly NavItem[] = [
  { to: paths.about, labelKey: "pages.about", icon: InfoIcon },
  { to: paths.dashboard, labelKey: "pages.reports", icon: AssessmentIcon, permission: "reports:view" },
  { to: paths.monitor, labelKey: "pages.monitor", icon: SpeedIcon, permission: "monitor:view" },
  { to: paths.campaigns, labelKey: "pages.campaigns", icon: SendIcon },
  // An icon the shell already carries (the tickets route is at its budget; its other use is a settings tab).
  { to: paths.automations, labelKey: "pages.automations", icon: TuneIcon },
  { to: paths.audit, labelKey: "pages.audit", icon: HistoryIcon },
  { to: defaultConfigPage, labelKey: "pages.settings", icon: SettingsIcon, configuration: true },
];
