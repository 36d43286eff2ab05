import { limits, type Contact } from "@atendo/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { contactSearchQueryOptions } from "../../contacts";

/**
 * What a contact autocomplete needs: the text typed, the contacts it matches (from 3 characters,
 * 500 ms after typing stops, spec §2) and the list's texts meanwhile.
 */
export function useContactSearch() {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const debounced = useDebouncedValue(input.trim());
  const search = debounced.length >= limits.searchMinChars ? debounced : "";
  const query = useQuery({ ...contactSearchQueryOptions(search), enabled: search !== "", meta: { silent: true } });
  const short = input.trim().length < limits.searchMinChars;
  return {
    inputValue: input,
    onInputChange: (_event: unknown, text: string) => setInput(text),
    options: search ? (query.data ?? []) : ([] as Contact[]),
    // The server already matched; the options are not filtered again.
    filterOptions: (options: Contact[]) => options,
    getOptionLabel: (contact: Contact) => `${contact.name} (${contact.number})`,
    isOptionEqualToValue: (option: Contact, chosen: Contact) => option.id === chosen.id,
    loading: search !== "" && query.isFetching,
    loadingText: t("common.loading"),
    noOptionsText: short ? t("campaigns.audience.typeMore", { count: limits.searchMinChars }) : t("campaigns.audience.noContacts"),
  };
}
