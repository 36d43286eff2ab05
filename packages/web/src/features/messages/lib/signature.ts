import { signedText, type Signer } from "@atendo/contracts";

/** What the composer sends: trimmed text, signed when the toggle is on (contracts' signedText); null for blank text. */
export function outgoingText(text: string, signature: Signer | null): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return signature ? signedText(trimmed, signature) : trimmed;
}
