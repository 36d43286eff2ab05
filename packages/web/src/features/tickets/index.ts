export { TicketsBackground } from "./components/tickets-background";
export { TicketsPage } from "./components/tickets-page";
