import { can, type Contact } from "@atendo/contracts";
import DoNotDisturbOnOutlined from "@mui/icons-material/DoNotDisturbOnOutlined";
import MarkChatReadOutlined from "@mui/icons-material/MarkChatReadOutlined";
import Alert from "@mui/material/Alert";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { formatDate } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import { useCurrentUser } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { useOptInContact, useOptedOutCount } from "../hooks/use-contacts";

const dateOf = (contact: Contact) => (contact.optedOutAt ? formatDate(contact.optedOutAt) : "");

/** A contact row's mark: the customer opted out (issue 31); its tooltip says when. */
export function OptedOutChip({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  if (!contact.optedOut) return null;
  return (
    <Tooltip title={t("optOut.chipTitle", { date: dateOf(contact) })}>
      <Chip size="small" color="warning" variant="outlined" icon={<DoNotDisturbOnOutlined />} label={t("optOut.chip")} sx={{ mt: 0.5, mr: 0.5 }} />
    </Tooltip>
  );
}

/** The contact dialog's word on a contact who opted out. */
export function OptedOutNotice({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  if (!contact.optedOut) return null;
  return (
    <Alert severity="warning" icon={<DoNotDisturbOnOutlined />}>
      {t("optOut.notice", { date: dateOf(contact) })}
    </Alert>
  );
}

/** The contacts list's filter: only those who opted out, with how many they are. */
export function OptedOutFilter({ selected, onChange }: { selected: boolean; onChange: (selected: boolean) => void }) {
  const { t } = useTranslation();
  const count = useOptedOutCount();
  return (
    <Chip
      clickable
      color={selected ? "warning" : "default"}
      variant={selected ? "filled" : "outlined"}
      icon={<DoNotDisturbOnOutlined />}
      label={count === undefined ? t("optOut.filter") : t("optOut.filterCount", { count })}
      aria-label={t("optOut.filterLabel")}
      aria-pressed={selected}
      onClick={() => onChange(!selected)}
      sx={{ flexShrink: 0, alignSelf: "center" }}
    />
  );
}

/** A row's "Allow messages again" (admins, on a contact who opted out), after a confirmation. */
export function OptInButton({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const confirm = useDialogTarget<Contact>();
  const optIn = useOptInContact();
  if (!contact.optedOut || !can(me?.profile, "contacts-page:optIn")) return null;
  const label = t("optOut.allow", { name: contact.name });
  const asked = confirm.target ?? contact;
  return (
    <>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={() => confirm.show(contact)} disabled={optIn.isPending}>
          <MarkChatReadOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={confirm.open}
        title={t("optOut.confirmTitle", { name: asked.name })}
        message={t("optOut.confirmText", { name: asked.name, date: dateOf(asked) })}
        confirmLabel={t("optOut.confirm")}
        onConfirm={() => optIn.mutate(asked.id, { onSuccess: (contact) => toast.success(t("optOut.allowed", { name: contact.name })) })}
        onClose={confirm.close}
      />
    </>
  );
}
