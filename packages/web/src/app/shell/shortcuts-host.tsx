import { useEffect, useRef, useState } from "react";
import { loadPageTexts } from "../../lib/i18n";
import { lazyDialog } from "../../components/lazy-dialog";
import { isTypingTarget, useShortcutActions, useShortcutDispatcher } from "../../features/shortcuts";

// Both download the first time they open: the shell's first load carries neither.
const ShortcutsDialog = lazyDialog(
  () => Promise.all([import("../../features/shortcuts/components/shortcuts-dialog"), loadPageTexts()]).then(([module]) => module.ShortcutsDialog),
  (props) => props.open,
);
const CommandPalette = lazyDialog(
  () => Promise.all([import("../command-palette/command-palette"), loadPageTexts()]).then(([module]) => module.CommandPalette),
  (props) => props.open,
);

/** The keyboard of every signed-in screen (docs/decisions/0076): the one shortcut listener, `?` and Ctrl/⌘+K. */
export function ShortcutsHost() {
  const [open, setOpen] = useState<"help" | "palette" | null>(null);
  useShortcutDispatcher();
  useShortcutActions({ help: () => setOpen("help"), palette: () => setOpen("palette") });
  const typedEarly = useTypedWhileOpening(open === "palette");
  const close = () => setOpen(null);
  return (
    <>
      <ShortcutsDialog open={open === "help"} onClose={close} />
      <CommandPalette open={open === "palette"} onClose={close} takeTypedEarly={typedEarly} />
    </>
  );
}

/**
 * What is typed between Ctrl/⌘+K and the palette's input taking the focus (its code downloads on
 * the first open): kept, not lost, and handed to the palette when it is there.
 */
function useTypedWhileOpening(opening: boolean): () => string {
  const typed = useRef("");
  useEffect(() => {
    if (!opening) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // The palette's own input has it from now on.
      if (isTypingTarget(event.target) && (event.target as Element).closest('[role="dialog"]')) return;
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      typed.current += event.key;
    };
    addEventListener("keydown", onKeyDown, true);
    return () => {
      removeEventListener("keydown", onKeyDown, true);
      typed.current = "";
    };
  }, [opening]);
  return () => {
    const text = typed.current;
    typed.current = "";
    return text;
  };
}
