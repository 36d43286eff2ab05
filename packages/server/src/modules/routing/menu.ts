import type { Destination } from "@atendo/contracts";
import { customerText, type CustomerLanguage } from "./customer-texts.js";

/** One option of a menu as routing reads it. */
export interface MenuOption {
  selector: string;
  menuName: string;
  destination: Destination;
}

/** A menu (URA) as routing reads it: options in the admin's order. */
export interface Menu {
  id: number;
  name: string;
  description: string;
  directDial: boolean;
  options: MenuOption[];
}

/** How a menu is written for this connection: its close code listed when closing by message is on. */
export interface MenuStyle {
  language: CustomerLanguage;
  /** The connection's close code when `canCloseTicketByMessage` is on, else null. */
  closeCode: string | null;
}

/**
 * A customer's answer as it is compared (docs/decisions/0036): trimmed, lower case, without the
 * punctuation people add after a choice ("2.", "2)", "b!").
 */
export function normalizeAnswer(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s.,;:!?)\]}'"-]+$/u, "")
    .trim();
}

/** The option an answer chooses, if any. */
export function chosenOption(menu: Menu, answer: string): MenuOption | undefined {
  const normalized = normalizeAnswer(answer);
  if (normalized === "") return undefined;
  return menu.options.find((option) => option.selector.trim().toLowerCase() === normalized);
}

/** Whether an answer is the connection's close code (compared as typed, case aside). */
export function isCloseCode(answer: string, closeCode: string | null): boolean {
  return closeCode !== null && closeCode.trim() !== "" && answer.trim().toLowerCase() === closeCode.trim().toLowerCase();
}

/** The menu as the customer reads it: its text, then one line per option, `selector - menuName`. */
export function menuText(menu: Menu, style: MenuStyle): string {
  const lines = menu.options.map((option) => `${option.selector} - ${option.menuName}`);
  if (style.closeCode !== null) lines.push(`${style.closeCode} - ${customerText(style.language, "endConversation")}`);
  return `${menu.description.trim()}\n\n${lines.join("\n")}`;
}

/** The menu again, after an answer that matched nothing. */
export function menuRetryText(menu: Menu, style: MenuStyle): string {
  return `${customerText(style.language, "optionNotRecognised")}\n\n${menuText(menu, style)}`;
}
