// Pages are not exported here: the router imports each lazily from its own module.
export { ContactSchedulesButton } from "./components/contact-schedules-button";
export { SendLaterButton } from "./components/send-later-button";
