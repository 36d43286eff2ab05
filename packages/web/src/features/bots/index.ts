export { BotFormPage } from "./components/bot-form-page";
export { BotsPage } from "./components/bots-page";
