import Box from "@mui/material/Box";
import { useState } from "react";
import { useNavigate } from "react-router";
import { EntityDialog } from "../../../components/entity-dialog";
import { paths } from "../../../lib/paths";
import { useIdParam } from "../../../lib/use-id-param";
import { TwoFactorResetButton } from "../../two-factor";
import { userQueryOptions } from "../api/users.queries";
import { UserForm } from "./user-form";

/** /users/new and /users/edit/:id: the user modal over the users table; closing returns to /users. */
export function UserModal() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const id = useIdParam() ?? null;
  const close = () => setOpen(false);
  return (
    <EntityDialog
      open={open}
      onClose={close}
      onExited={() => void navigate(paths.users)}
      texts="users"
      id={id}
      recordQuery={userQueryOptions}
      keepWhileClosed
    >
      {(user) => (
        <>
          {user && (
            <Box sx={{ px: 3, pt: 1, display: "flex", justifyContent: "flex-end" }}>
              <TwoFactorResetButton userId={user.id} userName={user.name} />
            </Box>
          )}
          <UserForm user={user} onClose={close} />
        </>
      )}
    </EntityDialog>
  );
}
