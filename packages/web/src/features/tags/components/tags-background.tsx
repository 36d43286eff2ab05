import { useTagsLive } from "../hooks/use-tags";

/** Mounted by the app shell: tags stay current on every screen that shows them. */
export function TagsBackground() {
  useTagsLive();
  return null;
}
