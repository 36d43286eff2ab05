import type { UserRef } from "@atendo/contracts";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { searchMembers } from "../api/queues.api";

interface Member extends UserRef {
  email?: string;
}

interface MembersFieldProps {
  value: readonly UserRef[];
  onChange: (members: UserRef[]) => void;
  onBlur?: () => void;
}

/** The queue's users: searched on the server as the admin types (the user list is paged). */
export function MembersField({ value, onChange, onBlur }: MembersFieldProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(input.trim());
  const query = useQuery({
    queryKey: ["users", "members", search],
    queryFn: ({ signal }) => searchMembers(search, signal),
    enabled: open,
  });
  const options: Member[] = (query.data?.users ?? []).map(({ id, name, email }) => ({ id, name, email }));

  return (
    <Autocomplete<Member, true>
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={[...value]}
      onChange={(_event, members) => onChange(members.map(({ id, name }) => ({ id, name })))}
      onBlur={onBlur}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason !== "reset") setInput(text);
      }}
      options={options}
      filterOptions={(items) => items}
      filterSelectedOptions
      loading={query.isFetching}
      getOptionLabel={(member) => member.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      noOptionsText={t("queues.noUsersFound")}
      loadingText={t("common.loading")}
      renderOption={({ key, ...props }, member) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{member.name}</Typography>
            {member.email && (
              <Typography variant="caption" color="text.secondary">
                {member.email}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label={t("queues.users")} helperText={t("queues.usersHint")} />
      )}
    />
  );
}
