import { limits, type Contact } from "@atendo/contracts";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { useDebouncedValue } from "../../../../lib/use-debounced-value";
import { useContactOptions } from "../../hooks/use-ticket-list-actions";
import { contactNumberText } from "../../../../lib/contact-number";

interface ContactSearchFieldProps {
  value: Contact | null;
  onChange: (contact: Contact | null) => void;
}

/** Finds the contact by name, number or email: from 3 characters, 500 ms after typing stops (spec §2). */
export function ContactSearchField({ value, onChange }: ContactSearchFieldProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const debounced = useDebouncedValue(input.trim());
  const search = debounced.length >= limits.searchMinChars ? debounced : "";
  const query = useContactOptions(search);
  const short = input.trim().length < limits.searchMinChars;
  return (
    <Autocomplete
      value={value}
      onChange={(_event, contact) => onChange(contact)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={search ? (query.data ?? []) : []}
      // The server already matched; the options are not filtered again.
      filterOptions={(options) => options}
      getOptionLabel={(contact) => `${contact.name} (${contactNumberText(contact.number, t)})`}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={search !== "" && query.isFetching}
      loadingText={t("common.loading")}
      noOptionsText={short ? t("ticketList.newTicket.typeMore", { count: limits.searchMinChars }) : t("ticketList.newTicket.noContacts")}
      renderInput={(params) => <TextField {...params} label={t("ticketList.newTicket.contact")} required autoFocus />}
    />
  );
}
