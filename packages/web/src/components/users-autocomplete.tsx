import type { PresenceStatus, UserDirectoryPage, UserRef } from "@atendo/contracts";
import Autocomplete, { type AutocompleteRenderInputParams } from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState, type HTMLAttributes, type Key, type ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { UserPresenceDot } from "./presence-dot";
import { errorMessage } from "../lib/error-message";
import { http } from "../lib/http";
import { useDebouncedValue } from "../lib/use-debounced-value";

interface UserOption extends UserRef {
  email?: string;
  presence?: PresenceStatus;
}

interface SharedProps {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  /** Users that may not be picked (already in the ticket, the current owner...). */
  excludeIds?: readonly number[];
  noOptionsText?: string;
  onBlur?: () => void;
  required?: boolean;
  /** The users to pick from, filtered here as the person types; without it, users are searched on the server. */
  choices?: readonly UserRef[];
}

export interface UsersAutocompleteProps extends SharedProps {
  value: readonly UserRef[];
  onChange: (users: UserRef[]) => void;
}

export interface UserAutocompleteProps extends SharedProps {
  value: UserRef | null;
  onChange: (user: UserRef | null) => void;
}

/** Colleagues searched on the server as the person types (GET /users/directory), first page only. */
function useUserSearch(excludeIds: readonly number[] = [], enabled = true, selectedName = "") {
  const [input, setInput] = useState(selectedName);
  const [open, setOpen] = useState(false);
  // The chosen user's name in the box is not a search: opening the list shows everyone.
  const search = useDebouncedValue(input.trim() === selectedName ? "" : input.trim());
  const query = useQuery({
    queryKey: ["users", "search", search],
    queryFn: ({ signal }) => http.get<UserDirectoryPage>("/users/directory", { query: { searchParam: search, pageNumber: 1 }, signal }),
    enabled: open && enabled,
    meta: { silent: true },
  });
  const options: UserOption[] = (query.data?.users ?? [])
    .filter((user) => !excludeIds.includes(user.id))
    .map(({ id, name, email, presence }) => ({ id, name, email, presence }));
  return { input, setInput, open, setOpen, query, options };
}

/** `single`: the box shows the chosen user's name (MUI's "reset"); several keep what was typed to pick more. */
function useCommonProps({ label, helperText, error, required, excludeIds, noOptionsText, onBlur, choices }: SharedProps, single?: { name: string }) {
  const { t } = useTranslation();
  const { input, setInput, open, setOpen, query, options } = useUserSearch(excludeIds, !choices, single?.name);
  return {
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    onBlur,
    inputValue: input,
    onInputChange: (_event: unknown, text: string, reason: string) => {
      if (reason !== "reset" || single) setInput(text);
    },
    options: choices ? choices.filter((user) => !excludeIds?.includes(user.id)) : options,
    // Searched users come filtered by the server; given choices are filtered here (MUI's default).
    filterOptions: choices ? undefined : (items: UserOption[]) => items,
    loading: query.isFetching,
    getOptionLabel: (user: UserOption) => user.name,
    isOptionEqualToValue: (option: UserOption, selected: UserOption) => option.id === selected.id,
    // A failed search says why (e.g. no permission) instead of pretending nobody matched.
    noOptionsText: query.error ? errorMessage(query.error) : (noOptionsText ?? t("usersAutocomplete.noUsersFound")),
    loadingText: t("common.loading"),
    renderOption: ({ key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key }, user: UserOption) => (
      <Box component="li" key={key} {...props} sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
        <UserPresenceDot userId={user.id} presence={user.presence} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2">{user.name}</Typography>
          {user.email && (
            <Typography variant="caption" color="text.secondary">
              {user.email}
            </Typography>
          )}
        </Box>
      </Box>
    ),
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField {...params} label={label} error={error} required={required} helperText={helperText} />
    ),
  };
}

/** Picks several users (queue members, ticket participants). */
export function UsersAutocomplete({ value, onChange, ...shared }: UsersAutocompleteProps) {
  const common = useCommonProps(shared);
  return (
    <Autocomplete<UserOption, true>
      {...common}
      multiple
      filterSelectedOptions
      value={[...value]}
      onChange={(_event, users) => onChange(users.map(({ id, name }) => ({ id, name })))}
    />
  );
}

/** Picks one user (ticket transfer, a monitoring's owner). */
export function UserAutocomplete({ value, onChange, ...shared }: UserAutocompleteProps) {
  const common = useCommonProps(shared, { name: value?.name ?? "" });
  return (
    <Autocomplete<UserOption, false>
      {...common}
      value={value}
      onChange={(_event, user) => onChange(user ? { id: user.id, name: user.name } : null)}
    />
  );
}
