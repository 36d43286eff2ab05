import { limits } from "./limits.js";

// No zod here: the server's rule matching and the web's rule form both read these at run time.

/** A text as conditions compare it: accents and case aside ("Boleto" is "boléto"). */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Why a `matches` pattern is refused, or null when it is accepted (docs/decisions/0093): too long,
 * not a pattern, a back-reference, or a quantified group that holds a quantifier or an alternation
 * — `(a+)+`, `(a|aa)*`: the shapes whose backtracking grows exponentially with the text (a
 * "regex bomb"). What is left runs in time bounded by the text, itself cut at
 * `limits.automationMatchedTextMax`.
 */
export function patternProblem(pattern: string): "length" | "syntax" | "unsafe" | null {
  if (pattern.length === 0 || pattern.length > limits.automationPatternMax) return "length";
  try {
    new RegExp(pattern, "iu");
  } catch {
    return "syntax";
  }
  return riskyShape(pattern) ? "unsafe" : null;
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
  return new RegExp(foldText(pattern), "u").test(foldText(text.slice(0, limits.automationMatchedTextMax)));
}
