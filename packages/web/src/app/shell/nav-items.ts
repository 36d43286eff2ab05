import AccountTreeIcon from "@mui/icons-material/AccountTree";
import AssessmentIcon from "@mui/icons-material/Assessment";
import CampaignIcon from "@mui/icons-material/Campaign";
import ChatIcon from "@mui/icons-material/Chat";
import ContactPhoneIcon from "@mui/icons-material/ContactPhone";
import DialpadIcon from "@mui/icons-material/Dialpad";
import FlashOnIcon from "@mui/icons-material/FlashOn";
import ForumIcon from "@mui/icons-material/Forum";
import InfoIcon from "@mui/icons-material/Info";
import MonitorHeartIcon from "@mui/icons-material/MonitorHeart";
import PeopleAltIcon from "@mui/icons-material/PeopleAlt";
import PhonelinkRingIcon from "@mui/icons-material/PhonelinkRing";
import ScienceIcon from "@mui/icons-material/Science";
import SettingsIcon from "@mui/icons-material/Settings";
import type SvgIcon from "@mui/material/SvgIcon";
import type { UnreadKind } from "../../lib/unread";

export interface NavItem {
  to: string;
  labelKey: string;
  icon: typeof SvgIcon;
  /** Which unread count the item's badge shows. */
  badge?: UnreadKind;
}

/** Drawer items every signed-in user sees (spec §2). */
export const mainNavItems: readonly NavItem[] = [
  { to: "/tickets", labelKey: "pages.tickets", icon: ForumIcon, badge: "tickets" },
  { to: "/chats", labelKey: "pages.chats", icon: ChatIcon, badge: "chats" },
  { to: "/contacts", labelKey: "pages.contacts", icon: ContactPhoneIcon },
  { to: "/quickAnswers", labelKey: "pages.quickAnswers", icon: FlashOnIcon },
];

/** The "Administration" section, admins only. */
export const adminNavItems: readonly NavItem[] = [
  { to: "/connections", labelKey: "pages.connections", icon: PhonelinkRingIcon },
  { to: "/simulator", labelKey: "pages.simulator", icon: ScienceIcon },
  { to: "/users", labelKey: "pages.users", icon: PeopleAltIcon },
  { to: "/queues", labelKey: "pages.queues", icon: AccountTreeIcon },
  { to: "/URA", labelKey: "pages.ura", icon: DialpadIcon },
  { to: "/announcements", labelKey: "pages.announcements", icon: CampaignIcon },
  { to: "/monitoring", labelKey: "pages.monitoring", icon: MonitorHeartIcon },
  { to: "/about", labelKey: "pages.about", icon: InfoIcon },
  { to: "/dashboard", labelKey: "pages.reports", icon: AssessmentIcon },
  { to: "/settings", labelKey: "pages.settings", icon: SettingsIcon },
];
