/**
 * The WhatsApp (Baileys) channel. Register with the manager as
 * `createWhatsappDriver({ db, logger })`, a DriverFactory; `isWhatsappDriver(driver)` narrows a
 * ChannelDriver to one that also offers `requestPairingCode(phone)`.
 */
export { createWhatsappDriver } from "./whatsapp-driver.js";
export { resendFromStore, type StoredSent } from "./resend.js";
export { isWhatsappDriver, type WhatsappDriver, type WhatsappDriverDeps } from "./driver-types.js";
export { clearAuthState, loadAuthState, type DbAuthState } from "./auth-state.js";
export type { MakeSocket, WaSocket } from "./socket-types.js";
export type { QuotedInfo } from "./outbound.js";
export type { Backoff, ILogger } from "./support.js";
