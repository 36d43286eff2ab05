import type { Tag } from "@atendo/contracts";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useTranslation } from "../../../lib/i18n";
import type { FieldBinding } from "../../../lib/form";
import { TagChip, useTags } from "../../tags";

/** The labels whose contacts receive the campaign (any of them). */
export function AudienceTagsField({ value, onChange, onBlur }: FieldBinding<number[]>) {
  const { t } = useTranslation();
  const query = useTags();
  const tags = query.data ?? [];
  return (
    <Autocomplete<Tag, true>
      multiple
      options={tags}
      value={tags.filter((tag) => value.includes(tag.id))}
      onChange={(_event, chosen) => onChange(chosen.map((tag) => tag.id))}
      onBlur={onBlur}
      loading={query.isPending}
      loadingText={t("common.loading")}
      noOptionsText={t("campaigns.audience.noTags")}
      disableCloseOnSelect
      filterSelectedOptions
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderValue={(chosen, getItemProps) =>
        chosen.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <TagChip key={key} tag={tag} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={t("campaigns.audience.tags")} helperText={t("campaigns.audience.tagsHint")} />}
    />
  );
}
