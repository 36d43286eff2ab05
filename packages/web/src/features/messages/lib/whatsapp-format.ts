/**
 * WhatsApp's text formatting (*bold*, _italic_, ~strike~, ```mono```) and links, parsed into a
 * tree that the bubble renders as React nodes: a message's text never becomes HTML.
 */
export type FormatNode =
  | { type: "text"; text: string }
  | { type: "link"; href: string; text: string }
  | { type: "mono"; text: string }
  | { type: "bold" | "italic" | "strike"; children: FormatNode[] };

const styles = { "*": "bold", _: "italic", "~": "strike" } as const;
type Marker = keyof typeof styles;

/** http(s) and www. addresses; trailing punctuation and formatting markers stay outside the link. */
const urlPattern = /\b(?:https?:\/\/|www\.)[^\s<>"]*[^\s<>".,;:!?)\]'*_~]/gi;

const isMarker = (char: string | undefined): char is Marker => char === "*" || char === "_" || char === "~";
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Only web addresses become links, so a crafted text can never produce a javascript: href. */
export function linkHref(text: string): string {
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

interface Range {
  start: number;
  end: number;
}

function urlRanges(text: string): Range[] {
  return [...text.matchAll(urlPattern)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

/** Where the marker opened at `open` closes on the same line, skipping links; -1 when it does not. */
function findCloser(text: string, open: number, marker: Marker, links: readonly Range[]): number {
  for (let at = open + 2; at < text.length; at++) {
    const link = links.find((range) => at >= range.start && at < range.end);
    if (link) {
      at = link.end - 1;
      continue;
    }
    const char = text[at];
    if (char === "\n") return -1;
    if (char === marker && !isSpace(text[at - 1]) && !isWordChar(text[at + 1])) return at;
  }
  return -1;
}

function pushText(nodes: FormatNode[], text: string): void {
  if (!text) return;
  const last = nodes.at(-1);
  if (last?.type === "text") last.text += text;
  else nodes.push({ type: "text", text });
}

function parseInline(text: string): FormatNode[] {
  const nodes: FormatNode[] = [];
  const links = urlRanges(text);
  let plainFrom = 0;
  let at = 0;
  while (at < text.length) {
    const link = links.find((range) => range.start === at);
    if (link) {
      pushText(nodes, text.slice(plainFrom, at));
      const linkText = text.slice(link.start, link.end);
      nodes.push({ type: "link", href: linkHref(linkText), text: linkText });
      at = plainFrom = link.end;
      continue;
    }
    const char = text[at];
    // An opener starts a word and is followed by a non-space: "2*3*4" and "* not bold *" stay plain.
    if (isMarker(char) && !isWordChar(text[at - 1]) && text[at + 1] !== undefined && !isSpace(text[at + 1])) {
      const close = findCloser(text, at, char, links);
      if (close !== -1) {
        pushText(nodes, text.slice(plainFrom, at));
        nodes.push({ type: styles[char], children: parseInline(text.slice(at + 1, close)) });
        at = plainFrom = close + 1;
        continue;
      }
    }
    at++;
  }
  pushText(nodes, text.slice(plainFrom));
  return nodes;
}

/** The message text as a tree; monospace blocks (which may span lines) are taken literally. */
export function parseFormatting(text: string): FormatNode[] {
  const nodes: FormatNode[] = [];
  let rest = text;
  for (;;) {
    const open = rest.indexOf("```");
    const close = open === -1 ? -1 : rest.indexOf("```", open + 3);
    if (close === -1 || close === open + 3) {
      nodes.push(...parseInline(rest));
      break;
    }
    nodes.push(...parseInline(rest.slice(0, open)), { type: "mono", text: rest.slice(open + 3, close) });
    rest = rest.slice(close + 3);
  }
  // Adjacent plain texts from both sides of a block are merged for a tidy tree.
  return nodes.reduce<FormatNode[]>((merged, node) => {
    if (node.type === "text") pushText(merged, node.text);
    else merged.push(node);
    return merged;
  }, []);
}

/** The text without its formatting markers (reply bars, quoted blocks, notifications). */
export function plainText(nodes: readonly FormatNode[]): string {
  return nodes.map((node) => ("children" in node ? plainText(node.children) : node.text)).join("");
}

/** A message text as one plain line: list previews and notifications show no markers. */
export function formattedAsPlain(text: string): string {
  return plainText(parseFormatting(text));
}
