export * from "./settings.js";
export * from "./users.js";
