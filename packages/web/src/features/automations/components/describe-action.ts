import type { AutomationAction } from "@atendo/contracts";
import type { AutomationPickers, PickerOption } from "../hooks/use-automation-pickers";

type T = (key: string, values?: Record<string, unknown>) => string;

function nameIn(options: readonly PickerOption[], id: number): string {
  return options.find((option) => option.value === id)?.label ?? `#${id}`;
}

/** An action in a sentence (a dry run's "would have…"): its name and what it acts with. */
export function describeAction(action: AutomationAction, pickers: AutomationPickers, t: T): string {
  const name = t(`automations.actions.${action.type}`);
  switch (action.type) {
    case "assignQueue":
      return `${name}: ${nameIn(pickers.queues, action.queueId)}`;
    case "assignUser":
      return `${name}: ${nameIn(pickers.users, action.userId)}`;
    case "addTag":
    case "removeTag":
      return `${name}: ${nameIn(pickers.tags, action.tagId)}`;
    case "sendQuickAnswer":
      return `${name}: ${nameIn(pickers.quickAnswers, action.quickAnswerId)}`;
    case "sendMessage":
    case "addNote":
      return `${name}: “${action.body}”`;
    case "webhook":
      return `${name}: ${action.url}`;
    case "close":
      return name;
  }
}
