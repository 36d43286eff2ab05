import { useState } from "react";
import { lazyDialog } from "../../components/lazy-dialog";
import { useShortcutActions, useShortcutDispatcher } from "../../features/shortcuts";

// Both download the first time they open: the shell's first load carries neither.
const ShortcutsDialog = lazyDialog(
  () => import("../../features/shortcuts/components/shortcuts-dialog").then((module) => module.ShortcutsDialog),
  (props) => props.open,
);
const CommandPalette = lazyDialog(
  () => import("../command-palette/command-palette").then((module) => module.CommandPalette),
  (props) => props.open,
);

/** The keyboard of every signed-in screen (docs/decisions/0076): the one shortcut listener, `?` and Ctrl/⌘+K. */
export function ShortcutsHost() {
  const [open, setOpen] = useState<"help" | "palette" | null>(null);
  useShortcutDispatcher();
  useShortcutActions({ help: () => setOpen("help"), palette: () => setOpen("palette") });
  const close = () => setOpen(null);
  return (
    <>
      <ShortcutsDialog open={open === "help"} onClose={close} />
      <CommandPalette open={open === "palette"} onClose={close} />
    </>
  );
}
