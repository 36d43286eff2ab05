import AccountTreeIcon from "@mui/icons-material/AccountTree";
import CampaignIcon from "@mui/icons-material/Campaign";
import ChatIcon from "@mui/icons-material/Chat";
import DialpadIcon from "@mui/icons-material/Dialpad";
import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import MonitorHeartIcon from "@mui/icons-material/MonitorHeart";
import PeopleAltIcon from "@mui/icons-material/PeopleAlt";
import PhonelinkRingIcon from "@mui/icons-material/PhonelinkRing";
import TuneIcon from "@mui/icons-material/Tune";
import type { ConfigPage } from "../../lib/last-config-page";
import { paths } from "../../lib/paths";
import type { NavItem } from "./nav-items";

// Apart from the drawer's items: only the configuration tabs and the command palette (both
// downloaded when used) read these, so their icons stay out of every page's shell (decision 0043).
/** The configuration pages "Settings" leads to, one tab each, in lib/last-config-page's order. */
export const configNavItems: readonly (NavItem & { to: ConfigPage })[] = [
  { to: paths.connections, labelKey: "pages.connections", icon: PhonelinkRingIcon },
  { to: paths.users, labelKey: "pages.users", icon: PeopleAltIcon },
  { to: paths.queues, labelKey: "pages.queues", icon: AccountTreeIcon },
  { to: paths.ura, labelKey: "pages.ura", icon: DialpadIcon },
  { to: paths.announcements, labelKey: "pages.announcements", icon: CampaignIcon },
  { to: paths.bots, labelKey: "pages.bots", icon: ChatIcon },
  { to: paths.monitoring, labelKey: "pages.monitoring", icon: MonitorHeartIcon },
  { to: paths.tags, labelKey: "pages.tags", icon: LocalOfferIcon },
  { to: paths.settings, labelKey: "nav.configuration.general", icon: TuneIcon },
];
