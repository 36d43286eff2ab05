export * from "./contacts.js";
export * from "./queues.js";
export * from "./quick-answers.js";
export * from "./settings.js";
export * from "./users.js";
export * from "./connections.js";
export * from "./tickets.js";
export * from "./messages.js";
