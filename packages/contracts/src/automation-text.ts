import { automationLimits } from "./limits.js";

// No zod here: the server's rule matching and the web's rule form both read these at run time.

/** A text as conditions compare it: accents and case aside ("Boleto" is "boléto"). */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Why a `matches` pattern is refused, or null when it is accepted (docs/decisions/0093): too long,
 * not a pattern, a back-reference, a quantified group that holds a quantifier or an alternation
 * — `(a+)+`, `(a|aa)*`: backtracking exponential in the text (a "regex bomb") — or more than one
 * open repetition (`*`, `+`, `{n,}`, `{n,m}` past 20) — `a+a+b`: polynomial. What is left
 * backtracks at most quadratically in the text, itself cut at `automationLimits.matchedTextMax`.
 */
export function patternProblem(pattern: string): "length" | "syntax" | "unsafe" | null {
  if (pattern.length === 0 || pattern.length > automationLimits.patternMax) return "length";
  try {
    new RegExp(pattern, "iu");
  } catch {
    return "syntax";
  }
  return riskyShape(pattern) || openRepetitions(pattern) > 1 ? "unsafe" : null;
}

/** How many repetitions have no small bound (`*`, `+`, `{n,}`, `{n,m}` with m > 20), escapes and classes aside. */
function openRepetitions(pattern: string): number {
  const stripped = pattern.replace(/\\./g, "").replace(/\[[^\]]*\]/g, "x");
  const bounded = [...stripped.matchAll(/\{(\d+)(,(\d*))?\}/g)].filter((m) => m[2] !== undefined && (m[3] === "" || Number(m[3]) > 20)).length;
  return (stripped.match(/[*+]/g) ?? []).length + bounded;
}

/** A back-reference, or a group with a quantifier or `|` inside that is itself quantified. */
function riskyShape(pattern: string): boolean {
  const groups: { inner: boolean }[] = [];
  let closed: { inner: boolean } | null = null;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const quantifierHere = c === "*" || c === "+" || c === "?" || c === "{";
    if (closed && quantifierHere && c !== "?" && closed.inner) return true;
    if (closed && c === "{" && closed.inner) return true;
    closed = null;
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (/[1-9k]/.test(next)) return true;
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") {
      groups.push({ inner: false });
      if (pattern[i + 1] === "?") i++; // (?: (?= (?<name>: a group's kind, not a quantifier
    }
    else if (c === ")") {
      closed = groups.pop() ?? null;
      if (closed && groups.length > 0 && closed.inner) groups[groups.length - 1]!.inner = true;
    } else if (c === "|" || quantifierHere) {
      if (groups.length > 0) groups[groups.length - 1]!.inner = true;
    }
  }
  return false;
}

/** Whether `text` matches an accepted pattern, both folded (accents and case aside); text cut to its bound. */
export function matchesPattern(pattern: string, text: string): boolean {
  return new RegExp(foldText(pattern), "u").test(foldText(text.slice(0, automationLimits.matchedTextMax)));
}
