import { lazyDialog } from "../../components/lazy-dialog";
import { loadPageTexts } from "../../lib/i18n";
import type { TranslateDialogProps } from "./components/translate-dialog";

// The attendants' assistant (issue 33, decision 0094): the ticket screen carries only the button
// and the status hook; menus, dialogs and their texts download on first use.
export { AssistantButton } from "./components/assistant-button";
export { useAssistantOn } from "./hooks/use-assistant-on";

/** A message's translation, downloaded the first time one is asked for. */
export const TranslateDialog = lazyDialog(
  () => Promise.all([import("./components/translate-dialog"), loadPageTexts()]).then(([module]) => module.TranslateDialog),
  (props: TranslateDialogProps) => props.message !== null,
);
