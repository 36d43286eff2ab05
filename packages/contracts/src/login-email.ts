/**
 * The login screen's email pattern (spec §5): submit is disabled until it matches. A module
 * without zod: the web's login page uses it and loads no schema (docs/decisions/0043).
 */
export const loginEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
