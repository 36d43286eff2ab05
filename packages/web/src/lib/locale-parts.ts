/**
 * The interface's texts in two parts per language (docs/decisions/0043-web-delivery.md): what the
 * sign-in page, the shell, tickets and chats show, downloaded at start; and the blocks that only
 * the admin and record pages use, downloaded when such a page opens (or, as a safety net, the
 * first time a text of theirs is asked for). A block not listed here is part of the start: a new
 * screen's texts are never missing, at worst downloaded earlier than needed.
 */
export const pageOnlyBlocks: readonly string[] = [
  "about",
  "announcements",
  "assistantPanel",
  "assignment",
  "auditLog",
  "automations",
  "board",
  "bots",
  "businessHours",
  "campaigns",
  "cloudChannel",
  "connectionAlert",
  "connections",
  "contactDuplicates",
  "contactImport",
  "destinations",
  "feedback",
  "monitor",
  "monitorings",
  "numberSafety",
  "optOutAdmin",
  "optOutSetting",
  "pace",
  "pushNotifications",
  "queues",
  "quickAnswers",
  "reports",
  "schedules",
  "secretField",
  "settings",
  "shortcuts",
  "slaAdmin",
  "stages",
  "surveyAdmin",
  "telegramChannel",
  "twoFactor",
  "uras",
  "users",
  "webchat",
];

type Texts = Record<string, unknown>;

function part(texts: Texts, pageOnly: boolean): Texts {
  return Object.fromEntries(Object.entries(texts).filter(([block]) => pageOnlyBlocks.includes(block) === pageOnly));
}

/** The blocks every page may need. */
export const startPart = (texts: Texts): Texts => part(texts, false);
/** The blocks only the admin and record pages use. */
export const pagesPart = (texts: Texts): Texts => part(texts, true);
