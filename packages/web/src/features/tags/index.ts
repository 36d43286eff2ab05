// Pages are not exported here: the router imports each lazily from its own module, and a page
// re-exported by this barrel would load with every chunk that imports the barrel.
export { tagsQueryOptions } from "./api/tags.queries";
export { TagChip, TagChips } from "./components/tag-chip";
export { TagsBackground } from "./components/tags-background";
export { tagsOf, useTags } from "./hooks/use-tags";
export { TagPickerButton } from "./components/tag-picker-button";
export { TagPickerDialog } from "./components/tag-picker-dialog";
