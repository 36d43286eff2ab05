import { limits, queueColorPresets, type Tag } from "@atendo/contracts";
import AddIcon from "@mui/icons-material/Add";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import DialogContent from "@mui/material/DialogContent";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { DialogForm } from "../../../components/dialog-form";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { errorMessage } from "../../../lib/error-message";
import { useTranslation } from "../../../lib/i18n";
import { useCurrentUser } from "../../../lib/session";
import { tagsResource } from "../api/tags.queries";
import { useTags } from "../hooks/use-tags";
import { TagChip } from "./tag-chip";

/** An option of the box: a tag, or (admins) a new one named by what was typed. */
type Option = Tag | { create: string };

const filter = createFilterOptions<Option>({ stringify: (option) => ("create" in option ? option.create : option.name) });

export interface TagPickerDialogProps {
  open: boolean;
  /** The dialog's heading, naming what is labelled ("Labels of Ana"). */
  title: string;
  /** The tags it carries now. */
  value: readonly Tag[];
  /** Saves the whole new set; the dialog closes once it resolves, and shows why if it fails. */
  onSave: (tagIds: number[]) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Chooses the tags of a ticket or a contact: type to find one, Enter or a click adds it,
 * Backspace or a chip's cross removes it. Admins may also type a new name and add it
 * ("Create …"), created at once with the next preset colour (docs/decisions/0072).
 */
export function TagPickerDialog({ open, title, ...form }: TagPickerDialogProps) {
  return (
    <ResponsiveDialog open={open} onClose={form.onClose} title={title} maxWidth="xs">
      {/* Mounted afresh on each opening: it starts from the tags carried then. */}
      {open && <TagPickerForm {...form} />}
    </ResponsiveDialog>
  );
}

function TagPickerForm({ value, onSave, onClose }: Omit<TagPickerDialogProps, "open" | "title">) {
  const { t } = useTranslation();
  const admin = useCurrentUser()?.profile === "admin";
  const tags = useTags();
  const create = tagsResource.useSave(undefined);
  const [chosen, setChosen] = useState<Tag[]>([...value]);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(options: Option[]): Promise<void> {
    setProblem(null);
    const next: Tag[] = [];
    for (const option of options) {
      if (!("create" in option)) next.push(option);
      else {
        try {
          const color = queueColorPresets[(tags.data?.length ?? 0) % queueColorPresets.length] ?? queueColorPresets[0];
          next.push(await create.mutateAsync({ name: option.create, color }));
        } catch (error) {
          setProblem(errorMessage(error));
        }
      }
    }
    setChosen(next);
  }

  async function save(): Promise<void> {
    setSaving(true);
    try {
      await onSave(chosen.map((tag) => tag.id));
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <DialogContent sx={{ pt: "8px !important" }}>
          <Autocomplete<Option, true>
            multiple
            openOnFocus
            autoHighlight
            filterSelectedOptions
            options={tags.data ?? []}
            loading={tags.isPending}
            value={chosen}
            onChange={(_event, options) => void choose(options)}
            isOptionEqualToValue={(option, other) => !("create" in option) && !("create" in other) && option.id === other.id}
            getOptionLabel={(option) => ("create" in option ? option.create : option.name)}
            filterOptions={(options, state) => {
              const found = filter(options, state);
              const typed = state.inputValue.trim();
              const known = (tags.data ?? []).some((tag) => tag.name.toLowerCase() === typed.toLowerCase());
              if (admin && typed.length >= limits.tagName.min && typed.length <= limits.tagName.max && !known) found.push({ create: typed });
              return found;
            }}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                {"create" in option ? (
                  <>
                    <AddIcon fontSize="small" sx={{ mr: 1 }} />
                    {t("tags.createNamed", { name: option.create })}
                  </>
                ) : (
                  <TagChip tag={option} />
                )}
              </li>
            )}
            renderValue={(selected, getItemProps) =>
              selected.map((option, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return "create" in option ? null : <TagChip key={key} tag={option} {...itemProps} />;
              })
            }
            noOptionsText={admin ? t("tags.noneTypeToCreate") : t("tags.none")}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                label={t("tags.label")}
                placeholder={t(admin ? "tags.findOrCreate" : "tags.find")}
                error={problem !== null}
                helperText={problem ?? " "}
              />
            )}
          />
        </DialogContent>
        <DialogSubmitActions label={t("common.save")} onCancel={onClose} pending={saving} lockCancelWhilePending />
      </DialogForm>
  );
}
