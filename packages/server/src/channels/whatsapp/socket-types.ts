/**
 * The part of a Baileys socket the driver uses. Naming it (instead of the whole WASocket type)
 * keeps the driver honest about its surface and lets tests inject a small fake; the real
 * `makeWASocket` is assignable to `MakeSocket`.
 */
import type { BaileysEventEmitter, UserFacingSocketConfig, WASocket } from "baileys";

export interface WaSocket {
  ev: BaileysEventEmitter;
  readonly user: WASocket["user"];
  end: WASocket["end"];
  logout: WASocket["logout"];
  sendMessage: WASocket["sendMessage"];
  onWhatsApp: WASocket["onWhatsApp"];
  profilePictureUrl: WASocket["profilePictureUrl"];
  groupMetadata: WASocket["groupMetadata"];
  requestPairingCode: WASocket["requestPairingCode"];
  updateMediaMessage: WASocket["updateMediaMessage"];
}

export type MakeSocket = (config: UserFacingSocketConfig) => WaSocket;
