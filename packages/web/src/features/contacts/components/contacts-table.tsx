import type { Contact } from "@atendo/contracts";
import ChatOutlined from "@mui/icons-material/ChatOutlined";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useTheme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTranslation } from "react-i18next";
import { RowActions } from "../../../components/row-actions";
import { ContactAvatar } from "./contact-avatar";

interface ContactsTableProps {
  contacts: readonly Contact[];
  onEdit: (contact: Contact) => void;
  onStartChat: (contact: Contact) => void;
  /** Absent for users who may not delete contacts. */
  onDelete?: (contact: Contact) => void;
}

const ellipsis = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;

/** Avatar, name, number, email and actions; narrow screens put number and email under the name. */
export function ContactsTable({ contacts, onEdit, onStartChat, onDelete }: ContactsTableProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down("md"));
  return (
    <Table stickyHeader size="small" sx={{ tableLayout: "fixed" }}>
      <TableHead>
        <TableRow>
          <TableCell>{t("contacts.name")}</TableCell>
          {!compact && <TableCell sx={{ width: 200 }}>{t("contacts.number")}</TableCell>}
          {!compact && <TableCell>{t("contacts.email")}</TableCell>}
          <TableCell align="right" sx={{ width: onDelete ? 136 : 100 }}>
            {t("common.actions")}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {contacts.map((contact) => (
          <TableRow key={contact.id} hover>
            <TableCell>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, minWidth: 0 }}>
                <ContactAvatar contact={contact} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, ...ellipsis }}>
                    {contact.name}
                  </Typography>
                  {compact && (
                    <Typography variant="body2" color="text.secondary" sx={ellipsis}>
                      {[contact.number, contact.email].filter(Boolean).join(" · ")}
                    </Typography>
                  )}
                </Box>
              </Box>
            </TableCell>
            {!compact && <TableCell sx={{ fontVariantNumeric: "tabular-nums", ...ellipsis }}>{contact.number}</TableCell>}
            {!compact && <TableCell sx={ellipsis}>{contact.email ?? ""}</TableCell>}
            <TableCell align="right">
              <RowActions
                before={
                  <Tooltip title={t("contacts.startChat", { name: contact.name })}>
                    <IconButton size="small" aria-label={t("contacts.startChat", { name: contact.name })} onClick={() => onStartChat(contact)}>
                      <ChatOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                }
                editLabel={t("contacts.edit", { name: contact.name })}
                deleteLabel={t("contacts.delete", { name: contact.name })}
                onEdit={() => onEdit(contact)}
                onDelete={onDelete && (() => onDelete(contact))}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
