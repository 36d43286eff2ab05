import type { Contact } from "@atendo/contracts";
import Autocomplete from "@mui/material/Autocomplete";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import { useQueries } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { FieldBinding } from "../../../lib/form";
import { contactQueryOptions } from "../../contacts";
import { useContactSearch } from "../hooks/use-contact-search";

/** How many picked contacts a saved draft names by reading each; the rest are counted. */
const namedAtMost = 30;

/**
 * Contacts picked one by one (searched by name or number). A saved draft holds only their ids:
 * the first ones are read for their names, the others shown as "+N".
 */
export function AudienceContactsField({ value, onChange, onBlur }: FieldBinding<number[]>) {
  const { t } = useTranslation();
  const search = useContactSearch();
  // Contacts picked in this form are known whole; saved ones are read.
  const [picked, setPicked] = useState<Contact[]>([]);
  const unknown = value.filter((id) => !picked.some((contact) => contact.id === id)).slice(0, namedAtMost);
  const read = useQueries({ queries: unknown.map((id) => ({ ...contactQueryOptions(id), meta: { silent: true } })) });
  const known = [...picked, ...read.flatMap((query) => (query.data ? [query.data] : []))];
  const selected = value.flatMap((id) => known.filter((contact) => contact.id === id).slice(0, 1));
  const unnamed = value.length - selected.length;
  return (
    <Autocomplete<Contact, true>
      multiple
      {...search}
      value={selected}
      onChange={(_event, chosen) => {
        setPicked((before) => [...before, ...chosen.filter((contact) => !before.some((other) => other.id === contact.id))]);
        const kept = value.filter((id) => !selected.some((contact) => contact.id === id));
        onChange([...kept, ...chosen.map((contact) => contact.id)]);
      }}
      onBlur={onBlur}
      filterSelectedOptions
      renderValue={(chosen, getItemProps) => [
        ...chosen.map((contact, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={contact.name} {...itemProps} />;
        }),
        unnamed > 0 && <Chip key="more" size="small" variant="outlined" label={t("campaigns.audience.moreContacts", { count: unnamed })} />,
      ]}
      renderInput={(params) => <TextField {...params} label={t("campaigns.audience.contacts")} helperText={t("campaigns.audience.contactsHint")} />}
    />
  );
}
